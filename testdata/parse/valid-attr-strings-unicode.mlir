// RUN: tile-opt %s | tile-opt - | FileCheck %s
// Non-ASCII text in strings, attribute names, op names and comments (UTF-8 kept as is): Latin-1,
// CJK, symbols, emoji, and a hex-escaped UTF-8 sequence (\C3\A9 = é).
// CHECK: "demo.unicode"() {s = "héllo ✓ 日本", emoji = "🚀 ok", mixed = "naïve café", escaped = "é", "ключ" = "значение"} : () -> ()
// CHECK: "demo.ünï"() {note = "Ω≈ç√∫"} : () -> ()

// Comment with unicode: ∀x ∈ ℝ — ignored.
"demo.holder"() ({
  "demo.unicode"() {s = "héllo ✓ 日本", emoji = "🚀 ok", mixed = "naïve café", escaped = "\C3\A9",
                    "ключ" = "значение"} : () -> ()
  "demo.ünï"() {note = "Ω≈ç√∫"} : () -> ()   // an op name with non-ASCII characters
}) : () -> ()
