//! The catalogue check: do the message files and the code agree?
//!
//! Given sample messages (one per kind of message the code can emit, from
//! [`super::samples::all`]), [`check`] lists every problem:
//! - a file that does not parse, or defines an id twice;
//! - a message in one language and not in another;
//! - a sample whose id no file defines (missing message);
//! - a message that no sample produces, directly or through a message that
//!   references it (unused message);
//! - an argument that the message uses in no language, or a variable that
//!   the message uses in some language and the sample does not give;
//! - anything the Fluent resolver complains about while rendering.

use std::collections::{BTreeMap, BTreeSet};

use fluent_bundle::FluentResource;
use fluent_syntax::ast;

use super::{catalog, Arg, Lang, Msg};

/// One message of the files: where it is defined, the variables it uses
/// (through referenced messages too) and the messages it references.
#[derive(Debug, Default, Clone)]
pub struct Defined {
    pub file: String,
    pub vars: BTreeSet<String>,
    pub refs: BTreeSet<String>,
}

/// Every message id of every language, as the files define them.
pub fn defined() -> BTreeMap<Lang, BTreeMap<String, Defined>> {
    let mut all = BTreeMap::new();
    for lang in Lang::ALL {
        let mut direct: BTreeMap<String, Defined> = BTreeMap::new();
        for (folder, name, text) in catalog::FILES.iter().filter(|(f, _, _)| *f == lang.code()) {
            let resource = match FluentResource::try_new(text.to_string()) {
                Ok(r) | Err((r, _)) => r,
            };
            for entry in resource.entries() {
                if let ast::Entry::Message(m) = entry {
                    let mut d = Defined { file: format!("{folder}/{name}"), ..Defined::default() };
                    if let Some(p) = &m.value {
                        walk_pattern(p, &mut d);
                    }
                    for a in &m.attributes {
                        walk_pattern(&a.value, &mut d);
                    }
                    direct.insert(m.id.name.to_string(), d);
                }
            }
        }
        // Variables of referenced messages are the referencing message's too.
        let mut closed = direct.clone();
        for (id, d) in closed.iter_mut() {
            let mut seen = BTreeSet::from([id.clone()]);
            let mut todo: Vec<String> = d.refs.iter().cloned().collect();
            while let Some(r) = todo.pop() {
                if !seen.insert(r.clone()) {
                    continue;
                }
                if let Some(other) = direct.get(&r) {
                    d.vars.extend(other.vars.iter().cloned());
                    todo.extend(other.refs.iter().cloned());
                }
            }
        }
        all.insert(lang, closed);
    }
    all
}

fn walk_pattern(p: &ast::Pattern<&str>, d: &mut Defined) {
    for el in &p.elements {
        if let ast::PatternElement::Placeable { expression } = el {
            walk_expression(expression, d);
        }
    }
}

fn walk_expression(e: &ast::Expression<&str>, d: &mut Defined) {
    match e {
        ast::Expression::Select { selector, variants } => {
            walk_inline(selector, d);
            for v in variants {
                walk_pattern(&v.value, d);
            }
        }
        ast::Expression::Inline(i) => walk_inline(i, d),
    }
}

fn walk_inline(i: &ast::InlineExpression<&str>, d: &mut Defined) {
    match i {
        ast::InlineExpression::VariableReference { id } => {
            d.vars.insert(id.name.to_string());
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => walk_call(arguments, d),
        ast::InlineExpression::TermReference { arguments: Some(arguments), .. } => walk_call(arguments, d),
        ast::InlineExpression::MessageReference { id, .. } => {
            d.refs.insert(id.name.to_string());
        }
        ast::InlineExpression::Placeable { expression } => walk_expression(expression, d),
        _ => {}
    }
}

fn walk_call(args: &ast::CallArguments<&str>, d: &mut Defined) {
    for a in &args.positional {
        walk_inline(a, d);
    }
    for a in &args.named {
        walk_inline(&a.value, d);
    }
}

/// Every problem between the files and `samples` (empty when they agree).
pub fn check(samples: &[Msg]) -> Vec<String> {
    let mut problems: Vec<String> = catalog::get().load_errors.iter().map(|e| format!("load: {e}")).collect();
    let defined = defined();
    let empty = BTreeMap::new();
    let fr = defined.get(&Lang::Fr).unwrap_or(&empty);

    // The same ids in every language.
    for (lang, ids) in &defined {
        for (other_lang, other) in &defined {
            for (id, d) in other {
                if !ids.contains_key(id) {
                    problems.push(format!("missing in {}: `{id}` (defined in {}, {})", lang.code(), other_lang.code(), d.file));
                }
            }
        }
    }

    // Nested messages are samples too.
    let mut flat = Vec::new();
    for s in samples {
        flatten(s, &mut flat);
    }

    let mut used: BTreeSet<String> = BTreeSet::new();
    for sample in &flat {
        used.insert(sample.id.clone());
        let mut vars_any: BTreeSet<&str> = BTreeSet::new();
        for lang in Lang::ALL {
            let Some(d) = defined.get(&lang).and_then(|ids| ids.get(&sample.id)) else {
                problems.push(format!("missing message `{}` in {}", sample.id, lang.code()));
                continue;
            };
            vars_any.extend(d.vars.iter().map(String::as_str));
            used.extend(d.refs.iter().cloned());
            for var in &d.vars {
                if !sample.args.contains_key(var) {
                    problems.push(format!("`{}` ({}) uses ${var}, which the code does not give", sample.id, d.file));
                }
            }
            if let Some((_, errors)) = catalog::get().try_render(sample, lang) {
                for e in errors {
                    problems.push(format!("`{}` in {}: {e}", sample.id, lang.code()));
                }
            }
        }
        if fr.contains_key(&sample.id) {
            for name in sample.args.keys() {
                if !vars_any.contains(name.as_str()) {
                    problems.push(format!("`{}`: the code gives ${name}, which no language uses", sample.id));
                }
            }
        }
    }
    // Messages referenced by used messages are used.
    let mut todo: Vec<String> = used.iter().cloned().collect();
    while let Some(id) = todo.pop() {
        for ids in defined.values() {
            if let Some(d) = ids.get(&id) {
                for r in &d.refs {
                    if used.insert(r.clone()) {
                        todo.push(r.clone());
                    }
                }
            }
        }
    }
    for (id, d) in fr {
        if !used.contains(id) {
            problems.push(format!("unused message `{id}` ({}): no sample produces it", d.file));
        }
    }
    problems.sort();
    problems.dedup();
    problems
}

fn flatten(m: &Msg, out: &mut Vec<Msg>) {
    out.push(m.clone());
    for a in m.args.values() {
        flatten_arg(a, out);
    }
}

fn flatten_arg(a: &Arg, out: &mut Vec<Msg>) {
    match a {
        Arg::Msg(m) => flatten(m, out),
        Arg::List(items) => items.iter().for_each(|i| flatten_arg(i, out)),
        Arg::Num(_) | Arg::Str(_) => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::msg;

    #[test]
    fn a_sample_with_an_unknown_id_or_a_stray_argument_is_reported() {
        let problems = check(&[msg!("no-such-message"), msg!("list-and", head = "a", last = "b", stray = 1)]);
        assert!(problems.iter().any(|p| p.contains("missing message `no-such-message` in fr")), "{problems:?}");
        assert!(problems.iter().any(|p| p.contains("gives $stray")), "{problems:?}");
    }

    #[test]
    fn a_sample_missing_a_variable_is_reported() {
        let problems = check(&[msg!("list-and", head = "a")]);
        assert!(problems.iter().any(|p| p.contains("uses $last")), "{problems:?}");
    }
}
