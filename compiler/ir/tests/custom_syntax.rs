//! The custom-syntax hooks, exercised with a toy dialect `toy`:
//! `toy.box @name { … }` (a region whose default dialect is toy), `%v = lit 7 : i32`,
//! `use %v : i32`, and `%r = twice %v : i32 -> i32` (generic form still accepted everywhere).

use tilec_ir::text::custom::{CustomParser, CustomPrinter, CustomSyntax, Syntaxes};
use tilec_ir::text::{module_to_string, module_to_string_with, parse_module_with};
use tilec_ir::{AttrData, Diagnostic, Diagnostics, Op, SourceMap, Sym};

struct Toy;

impl CustomSyntax for Toy {
    fn dialect(&self) -> &'static str {
        "toy"
    }
    fn parse_op(&self, p: &mut CustomParser<'_, '_>, kw: &str) -> Result<Op, Box<Diagnostic>> {
        match kw {
            "box" => {
                let (name, _) = p.symbol()?;
                let r = p.region(Some("toy"), &[])?;
                let a = p.module().attr(AttrData::Str(name.into()));
                let d = p.module().dict(&[(Sym::new("sym_name"), a)]);
                p.finish(Sym::new("toy.box"), vec![], vec![], d, vec![r])
            }
            "lit" => {
                // `lit 7 : i32`: the typed attribute gives the result type.
                let at = p.here();
                let v = p.generic_attr()?;
                let t = match v {
                    AttrData::Int { ty, .. } | AttrData::Float { ty, .. } => ty,
                    _ => return p.error(at, "expected a typed number"),
                };
                let a = p.module().attr(v);
                let d = p.module().dict(&[(Sym::new("value"), a)]);
                p.finish(Sym::new("toy.lit"), vec![], vec![t], d, vec![])
            }
            "use" => {
                let r = p.value_ref()?;
                p.expect(":")?;
                let t = p.generic_type()?;
                let v = p.resolve(r, t)?;
                let d = p.module().empty_dict();
                p.finish(Sym::new("toy.use"), vec![v], vec![], d, vec![])
            }
            other => {
                let loc = p.keyword_loc();
                p.error(loc, format!("unknown toy op '{other}'"))
            }
        }
    }
    fn print_op(&self, p: &mut CustomPrinter<'_, '_>, op: Op) -> bool {
        let m = p.module();
        match m.op_name(op).as_str() {
            "toy.box" => {
                p.keyword("toy", "box");
                p.write(" @");
                p.write(
                    &m.attr_as::<String>(op, Sym::new("sym_name"))
                        .unwrap_or_default(),
                );
                p.write(" ");
                p.region(m.regions(op)[0], Some("toy"), true);
                true
            }
            "toy.lit" => {
                p.keyword("toy", "lit");
                p.write(" ");
                p.generic_attr(m.get_attr(op, Sym::new("value")).expect("value"));
                true
            }
            "toy.use" => {
                p.keyword("toy", "use");
                p.write(" ");
                p.value(m.operands(op)[0]);
                p.write(" : ");
                p.generic_type(m.value_type(m.operands(op)[0]));
                true
            }
            _ => false,
        }
    }
}

static TOY: Toy = Toy;

fn syntaxes() -> Syntaxes {
    Syntaxes::new(vec![&TOY])
}

fn parse(src: &str) -> Result<tilec_ir::Module, String> {
    let mut sm = SourceMap::new();
    let f = sm.add("toy.mlir", src);
    parse_module_with(src, f, &syntaxes()).map_err(|d| Diagnostics::from(*d).render(&sm))
}

const SRC: &str = r#"
toy.box @b {
  %x = lit 7 : i32
  // A forward reference, resolved when %y appears; and a generic op inside the custom region.
  use %y : i32
  %y = "toy.twice"(%x) : (i32) -> i32
  use %x : i32
}
"#;

#[test]
fn custom_and_generic_forms_round_trip() {
    let m = parse(SRC).expect("parses");
    let custom = module_to_string_with(&m, &syntaxes());
    assert!(custom.contains("  toy.box @b {\n"), "{custom}");
    assert!(custom.contains("    %0 = lit 7 : i32\n"), "{custom}");
    assert!(custom.contains("    use %1 : i32\n"), "{custom}");
    // Custom text parses back to the same IR.
    let again = parse(&custom).expect("custom output parses");
    assert_eq!(module_to_string_with(&again, &syntaxes()), custom);
    // The generic form of the same IR, and its round trip.
    let generic = module_to_string(&m);
    assert!(generic.contains("\"toy.box\"() ({"), "{generic}");
    assert!(
        generic.contains("\"toy.use\"(%1) : (i32) -> ()"),
        "{generic}"
    );
    let from_generic = parse(&generic).expect("generic output parses");
    assert_eq!(module_to_string_with(&from_generic, &syntaxes()), custom);
}

#[test]
fn custom_ops_need_a_dialect() {
    let e = parse("lit 1 : i32\n").unwrap_err();
    assert!(
        e.contains("custom op 'lit' needs a dialect prefix here"),
        "{e}"
    );
    let e = parse("foo.bar 1\n").unwrap_err();
    assert!(e.contains("dialect 'foo' has no custom syntax here"), "{e}");
    let e = parse("toy.box @b {\n  frob\n}\n").unwrap_err();
    assert!(
        e.contains("toy.mlir:2:3: error: unknown toy op 'frob'"),
        "{e}"
    );
}

#[test]
fn custom_result_count_is_checked() {
    let e = parse("toy.box @b {\n  %a, %b = lit 1 : i32\n}\n").unwrap_err();
    assert!(
        e.contains("'toy.lit' defines 1 result but 2 names were given"),
        "{e}"
    );
    // No names at all is MLIR's anonymous results.
    assert!(parse("toy.box @b {\n  lit 1 : i32\n}\n").is_ok());
    let e = parse("toy.box @b {\n  use %nope : i32\n}\n").unwrap_err();
    assert!(e.contains("use of undefined value '%nope'"), "{e}");
}
