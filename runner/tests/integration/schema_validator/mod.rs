//! A small JSON Schema validator for the subset of draft 2020-12 that
//! schemas/ uses, so that the schemas are kept true by a test without a
//! heavy dependency (the `jsonschema` crate brings some fifty crates,
//! regex engines and big-number arithmetic among them).
//!
//! Keywords: `$schema`, `$id`, `$ref` (within a file, `#/$defs/...`, or to
//! another file of the set by name), `$defs`, `title`, `description`,
//! `type`, `enum`, `const`, `properties`, `required`, `additionalProperties`,
//! `minProperties`, `items`, `minItems`, `maxItems`, `uniqueItems`, `oneOf`, `anyOf`,
//! `allOf`, `if` with `then`, `minimum`, `maximum`, `minLength`, `pattern`. A schema using any other
//! keyword is refused, so a schema cannot silently say more than is checked.
//! `pattern` supports anchors, literals, escapes, classes with ranges,
//! groups with alternation and the quantifiers `? * + {n} {n,m}`.

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::Value;

const KEYWORDS: &[&str] = &[
    "$schema",
    "$id",
    "$ref",
    "$defs",
    "title",
    "description",
    "type",
    "enum",
    "const",
    "properties",
    "required",
    "additionalProperties",
    "minProperties",
    "items",
    "minItems",
    "maxItems",
    "uniqueItems",
    "oneOf",
    "anyOf",
    "allOf",
    "if",
    "then",
    "minimum",
    "maximum",
    "minLength",
    "maxLength",
    "pattern",
];

/// A set of schema files, by file name.
pub struct Schemas {
    files: BTreeMap<String, Value>,
}

impl Schemas {
    /// Load the named files of `dir` and check that they use only the
    /// supported keywords.
    pub fn load(dir: &Path, names: &[&str]) -> Result<Schemas, String> {
        let mut files = BTreeMap::new();
        for name in names {
            let text = std::fs::read_to_string(dir.join(name)).map_err(|e| format!("{name}: {e}"))?;
            let v: Value = serde_json::from_str(&text).map_err(|e| format!("{name}: {e}"))?;
            check_keywords(&v, name)?;
            files.insert(name.to_string(), v);
        }
        let s = Schemas { files };
        // Every $ref must resolve.
        for (name, v) in &s.files {
            s.check_refs(v, name)?;
        }
        Ok(s)
    }

    /// The errors of `instance` against the file `name` (empty when valid).
    pub fn validate(&self, name: &str, instance: &Value) -> Vec<String> {
        let mut errors = Vec::new();
        match self.files.get(name) {
            Some(schema) => self.check(schema, name, instance, "$", &mut errors),
            None => errors.push(format!("no schema {name}")),
        }
        errors
    }

    fn check_refs(&self, v: &Value, file: &str) -> Result<(), String> {
        match v {
            Value::Object(m) => {
                // A bundled schema (`$id` beside its copy in the set) is its
                // own resource: `#/...` inside it means inside it.
                let file =
                    m.get("$id").and_then(Value::as_str).filter(|id| self.files.contains_key(*id)).unwrap_or(file);
                if let Some(Value::String(r)) = m.get("$ref") {
                    self.resolve(file, r)?;
                }
                for (k, x) in m {
                    // Values of `properties` and `$defs` are maps of schemas.
                    if k == "enum" || k == "const" {
                        continue;
                    }
                    self.check_refs(x, file)?;
                }
                Ok(())
            }
            Value::Array(a) => a.iter().try_for_each(|x| self.check_refs(x, file)),
            _ => Ok(()),
        }
    }

    /// (file, schema) that `reference` names from `file`.
    fn resolve<'a>(&'a self, file: &'a str, reference: &str) -> Result<(&'a str, &'a Value), String> {
        let (target, pointer) = match reference.split_once('#') {
            Some((t, p)) => (t, p),
            None => (reference, ""),
        };
        let (name, root) = if target.is_empty() {
            (file, self.files.get(file))
        } else {
            let base = target.rsplit('/').next().unwrap_or(target);
            match self.files.get_key_value(base) {
                Some((k, v)) => (k.as_str(), Some(v)),
                None => (file, None),
            }
        };
        let root = root.ok_or_else(|| format!("{file}: $ref {reference}: no such schema file in the set"))?;
        let schema = if pointer.is_empty() { Some(root) } else { root.pointer(pointer) };
        schema.map(|s| (name, s)).ok_or_else(|| format!("{file}: $ref {reference} does not resolve"))
    }

    fn check(&self, schema: &Value, file: &str, v: &Value, at: &str, errors: &mut Vec<String>) {
        let Value::Object(s) = schema else {
            if schema == &Value::Bool(false) {
                errors.push(format!("{at}: no value is allowed here"));
            }
            return;
        };
        let file = s.get("$id").and_then(Value::as_str).filter(|id| self.files.contains_key(*id)).unwrap_or(file);
        if let Some(Value::String(r)) = s.get("$ref") {
            match self.resolve(file, r) {
                Ok((f, sub)) => self.check(sub, f, v, at, errors),
                Err(e) => errors.push(e),
            }
        }
        let mut err_list = Vec::new();
        if let Some(t) = s.get("type") {
            let types: Vec<&str> = match t {
                Value::String(x) => vec![x.as_str()],
                Value::Array(a) => a.iter().filter_map(Value::as_str).collect(),
                _ => vec![],
            };
            if !types.iter().any(|ty| has_type(v, ty)) {
                err_list.push(format!("is {}, not {}", type_of(v), types.join(" or ")));
            }
        }
        if let Some(Value::Array(options)) = s.get("enum") {
            if !options.contains(v) {
                err_list.push(format!("{v} is not one of {}", Value::Array(options.clone())));
            }
        }
        if let Some(c) = s.get("const") {
            if c != v {
                err_list.push(format!("{v} is not {c}"));
            }
        }
        errors.extend(err_list.into_iter().map(|m| format!("{at}: {m}")));
        match v {
            Value::Object(m) => {
                if let Some(Value::Array(req)) = s.get("required") {
                    for k in req.iter().filter_map(Value::as_str) {
                        if !m.contains_key(k) {
                            errors.push(format!("{at}: missing key `{k}`"));
                        }
                    }
                }
                if let Some(n) = s.get("minProperties").and_then(Value::as_u64) {
                    if (m.len() as u64) < n {
                        errors.push(format!("{at}: fewer than {n} keys"));
                    }
                }
                let props = s.get("properties").and_then(Value::as_object);
                for (k, x) in m {
                    let sub_at = format!("{at}.{k}");
                    match props.and_then(|p| p.get(k)) {
                        Some(sub) => self.check(sub, file, x, &sub_at, errors),
                        None => match s.get("additionalProperties") {
                            Some(Value::Bool(false)) => errors.push(format!("{at}: unknown key `{k}`")),
                            Some(sub @ Value::Object(_)) => self.check(sub, file, x, &sub_at, errors),
                            _ => {}
                        },
                    }
                }
            }
            Value::Array(a) => {
                if let Some(n) = s.get("minItems").and_then(Value::as_u64) {
                    if (a.len() as u64) < n {
                        errors.push(format!("{at}: fewer than {n} items"));
                    }
                }
                if let Some(n) = s.get("maxItems").and_then(Value::as_u64) {
                    if (a.len() as u64) > n {
                        errors.push(format!("{at}: more than {n} items"));
                    }
                }
                if s.get("uniqueItems") == Some(&Value::Bool(true)) {
                    for (i, x) in a.iter().enumerate() {
                        if a[..i].contains(x) {
                            errors.push(format!("{at}[{i}]: {x} is repeated"));
                        }
                    }
                }
                if let Some(items) = s.get("items") {
                    for (i, x) in a.iter().enumerate() {
                        self.check(items, file, x, &format!("{at}[{i}]"), errors);
                    }
                }
            }
            Value::String(text) => {
                if let Some(n) = s.get("minLength").and_then(Value::as_u64) {
                    if (text.chars().count() as u64) < n {
                        errors.push(format!("{at}: shorter than {n}"));
                    }
                }
                if let Some(n) = s.get("maxLength").and_then(Value::as_u64) {
                    if (text.chars().count() as u64) > n {
                        errors.push(format!("{at}: longer than {n}"));
                    }
                }
                if let Some(Value::String(p)) = s.get("pattern") {
                    match Regex::new(p) {
                        Ok(re) if re.is_match(text) => {}
                        Ok(_) => errors.push(format!("{at}: {text:?} does not match {p}")),
                        Err(e) => errors.push(format!("{at}: pattern {p}: {e}")),
                    }
                }
            }
            Value::Number(n) => {
                let x = n.as_f64().unwrap_or(f64::NAN);
                if let Some(min) = s.get("minimum").and_then(Value::as_f64) {
                    if x < min {
                        errors.push(format!("{at}: {x} is below {min}"));
                    }
                }
                if let Some(max) = s.get("maximum").and_then(Value::as_f64) {
                    if x > max {
                        errors.push(format!("{at}: {x} is above {max}"));
                    }
                }
            }
            _ => {}
        }
        if let Some(Value::Array(any)) = s.get("anyOf") {
            let mut all = Vec::new();
            let ok = any.iter().any(|sub| {
                let mut e = Vec::new();
                self.check(sub, file, v, at, &mut e);
                all.extend(e.iter().cloned());
                e.is_empty()
            });
            if !ok {
                errors.push(format!("{at}: matches none of anyOf ({})", all.join("; ")));
            }
        }
        if let Some(Value::Array(all)) = s.get("allOf") {
            for sub in all {
                self.check(sub, file, v, at, errors);
            }
        }
        // `then` applies where `if` holds (an `if` without `then` checks nothing).
        if let Some(condition) = s.get("if") {
            let mut e = Vec::new();
            self.check(condition, file, v, at, &mut e);
            if let (true, Some(then)) = (e.is_empty(), s.get("then")) {
                self.check(then, file, v, at, errors);
            }
        }
        if let Some(Value::Array(one)) = s.get("oneOf") {
            let mut all = Vec::new();
            let n = one
                .iter()
                .filter(|sub| {
                    let mut e = Vec::new();
                    self.check(sub, file, v, at, &mut e);
                    all.extend(e.iter().cloned());
                    e.is_empty()
                })
                .count();
            if n != 1 {
                errors.push(format!("{at}: matches {n} of oneOf, not exactly one ({})", all.join("; ")));
            }
        }
    }
}

fn check_keywords(v: &Value, at: &str) -> Result<(), String> {
    let Value::Object(m) = v else {
        return match v {
            Value::Bool(_) => Ok(()),
            _ => Err(format!("{at}: a schema is an object or a boolean")),
        };
    };
    for (k, x) in m {
        if !KEYWORDS.contains(&k.as_str()) {
            return Err(format!("{at}: keyword `{k}` is not supported by this validator"));
        }
        match k.as_str() {
            "properties" | "$defs" => {
                for (name, sub) in x.as_object().ok_or(format!("{at}.{k}: not an object"))? {
                    check_keywords(sub, &format!("{at}.{k}.{name}"))?;
                }
            }
            "items" | "additionalProperties" | "if" | "then" => check_keywords(x, &format!("{at}.{k}"))?,
            "oneOf" | "anyOf" | "allOf" => {
                for (i, sub) in x.as_array().ok_or(format!("{at}.{k}: not an array"))?.iter().enumerate() {
                    check_keywords(sub, &format!("{at}.{k}[{i}]"))?;
                }
            }
            _ => {}
        }
    }
    Ok(())
}

fn has_type(v: &Value, ty: &str) -> bool {
    match ty {
        "object" => v.is_object(),
        "array" => v.is_array(),
        "string" => v.is_string(),
        "boolean" => v.is_boolean(),
        "null" => v.is_null(),
        "number" => v.is_number(),
        "integer" => v.as_f64().is_some_and(|x| x.fract() == 0.0),
        _ => false,
    }
}

fn type_of(v: &Value) -> &'static str {
    match v {
        Value::Object(_) => "an object",
        Value::Array(_) => "an array",
        Value::String(_) => "a string",
        Value::Bool(_) => "a boolean",
        Value::Null => "null",
        Value::Number(_) => "a number",
    }
}

/// A regular expression of the subset described above, matched by
/// backtracking (the patterns are short and anchored).
#[derive(Debug)]
pub struct Regex {
    alternatives: Vec<Vec<Piece>>,
    anchored_start: bool,
    anchored_end: bool,
}

#[derive(Debug, Clone)]
enum Atom {
    Char(char),
    Class(Vec<(char, char)>),
    Group(Vec<Vec<Piece>>),
}

#[derive(Debug, Clone)]
struct Piece {
    atom: Atom,
    min: usize,
    max: usize,
}

impl Regex {
    pub fn new(pattern: &str) -> Result<Regex, String> {
        let mut chars: Vec<char> = pattern.chars().collect();
        let anchored_start = chars.first() == Some(&'^');
        if anchored_start {
            chars.remove(0);
        }
        let anchored_end = chars.last() == Some(&'$') && !(chars.len() >= 2 && chars[chars.len() - 2] == '\\');
        if anchored_end {
            chars.pop();
        }
        let mut pos = 0;
        let alternatives = parse_alternatives(&chars, &mut pos)?;
        if pos != chars.len() {
            return Err(format!("unexpected `{}` at {pos}", chars[pos]));
        }
        Ok(Regex { alternatives, anchored_start, anchored_end })
    }

    pub fn is_match(&self, text: &str) -> bool {
        let chars: Vec<char> = text.chars().collect();
        let starts: Vec<usize> = if self.anchored_start { vec![0] } else { (0..=chars.len()).collect() };
        starts.into_iter().any(|s| {
            let mut ends = Vec::new();
            match_alternatives(&self.alternatives, &chars, s, &mut ends);
            ends.iter().any(|&e| !self.anchored_end || e == chars.len())
        })
    }
}

fn parse_alternatives(p: &[char], pos: &mut usize) -> Result<Vec<Vec<Piece>>, String> {
    let mut alts = vec![Vec::new()];
    while *pos < p.len() {
        let c = p[*pos];
        let atom = match c {
            ')' => break,
            '|' => {
                *pos += 1;
                alts.push(Vec::new());
                continue;
            }
            '(' => {
                *pos += 1;
                let inner = parse_alternatives(p, pos)?;
                if p.get(*pos) != Some(&')') {
                    return Err("unclosed group".into());
                }
                *pos += 1;
                Atom::Group(inner)
            }
            '[' => {
                *pos += 1;
                let mut ranges = Vec::new();
                while *pos < p.len() && p[*pos] != ']' {
                    let mut a = p[*pos];
                    if a == '\\' {
                        *pos += 1;
                        a = *p.get(*pos).ok_or("dangling escape")?;
                    }
                    if p.get(*pos + 1) == Some(&'-') && p.get(*pos + 2).is_some_and(|&b| b != ']') {
                        ranges.push((a, p[*pos + 2]));
                        *pos += 3;
                    } else {
                        ranges.push((a, a));
                        *pos += 1;
                    }
                }
                if p.get(*pos) != Some(&']') {
                    return Err("unclosed class".into());
                }
                *pos += 1;
                Atom::Class(ranges)
            }
            '\\' => {
                *pos += 1;
                let e = *p.get(*pos).ok_or("dangling escape")?;
                if e.is_ascii_alphanumeric() {
                    return Err(format!("escape \\{e} is not supported"));
                }
                *pos += 1;
                Atom::Char(e)
            }
            '.' | '^' | '$' | '*' | '+' | '?' | '{' => return Err(format!("`{c}` at {} is not supported here", *pos)),
            c => {
                *pos += 1;
                Atom::Char(c)
            }
        };
        let (min, max) = match p.get(*pos) {
            Some('?') => (0, 1),
            Some('*') => (0, usize::MAX),
            Some('+') => (1, usize::MAX),
            Some('{') => {
                let close = p[*pos..].iter().position(|&c| c == '}').ok_or("unclosed {")? + *pos;
                let body: String = p[*pos + 1..close].iter().collect();
                let (a, b) = match body.split_once(',') {
                    Some((a, b)) => (a.parse().map_err(|_| "bad {n,m}")?, b.parse().map_err(|_| "bad {n,m}")?),
                    None => {
                        let n: usize = body.parse().map_err(|_| "bad {n}")?;
                        (n, n)
                    }
                };
                *pos = close;
                (a, b)
            }
            _ => (1, 1),
        };
        if (min, max) != (1, 1) {
            *pos += 1;
        }
        alts.last_mut().expect("one").push(Piece { atom, min, max });
    }
    Ok(alts)
}

/// Every end position reachable matching `alts` from `start`.
fn match_alternatives(alts: &[Vec<Piece>], text: &[char], start: usize, ends: &mut Vec<usize>) {
    for seq in alts {
        match_sequence(seq, text, start, ends);
    }
}

fn match_sequence(seq: &[Piece], text: &[char], start: usize, ends: &mut Vec<usize>) {
    let Some((first, rest)) = seq.split_first() else {
        if !ends.contains(&start) {
            ends.push(start);
        }
        return;
    };
    // Positions after matching `first` k times, for k in min..=max.
    let mut frontier = vec![start];
    let mut count = 0;
    loop {
        if count >= first.min {
            for &p in &frontier {
                match_sequence(rest, text, p, ends);
            }
        }
        if count == first.max || frontier.is_empty() {
            break;
        }
        let mut next = Vec::new();
        for &p in &frontier {
            match_atom(&first.atom, text, p, &mut next);
        }
        next.retain(|&p| !frontier.contains(&p) || count < first.min);
        next.sort_unstable();
        next.dedup();
        frontier = next;
        count += 1;
    }
}

fn match_atom(atom: &Atom, text: &[char], at: usize, out: &mut Vec<usize>) {
    match atom {
        Atom::Char(c) => {
            if text.get(at) == Some(c) {
                out.push(at + 1);
            }
        }
        Atom::Class(ranges) => {
            if let Some(&c) = text.get(at) {
                if ranges.iter().any(|&(a, b)| a <= c && c <= b) {
                    out.push(at + 1);
                }
            }
        }
        Atom::Group(alts) => match_alternatives(alts, text, at, out),
    }
}
