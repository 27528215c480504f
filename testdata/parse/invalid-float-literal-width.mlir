// RUN: tile-opt %s --verify-diagnostics
// A hexadecimal float literal is a bit pattern of the type's width: f4E2M1FN has 4 bits.

"demo.use"() {v = 0x1F : f4E2M1FN} : () -> ()
// expected-error@-1 {{hexadecimal literal '0x1F' has more than 4 bits for 'f4E2M1FN'}}
