//! A case file's text cut into its top-level keys, each with the comment
//! lines above it, and joined again.

/// A case file's text as top-level keys: each key's lines with the comment
/// and blank lines above it; what comes before the first key and after the
/// last stays where it is.
#[derive(Debug, Default)]
pub(super) struct Doc {
    pub(super) head: Vec<String>,
    pub(super) blocks: Vec<Block>,
    pub(super) tail: Vec<String>,
}

#[derive(Debug)]
pub(super) struct Block {
    pub(super) key: String,
    /// Comment and blank lines above the key.
    pub(super) lead: Vec<String>,
    /// The key's line, then its value's lines.
    pub(super) lines: Vec<String>,
}

/// The key a top-level line starts, if it starts one.
pub(super) fn top_level_key(line: &str) -> Option<&str> {
    let (key, _) = line.split_once(':')?;
    let ok = key.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
        && key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    ok.then_some(key)
}

/// A blank line, or a comment at the left margin.
pub(super) fn is_loose(line: &str) -> bool {
    line.trim().is_empty() || line.starts_with('#')
}

impl Doc {
    pub(super) fn split(text: &str) -> Doc {
        let mut doc = Doc::default();
        let mut loose: Vec<String> = Vec::new();
        for line in text.lines() {
            if is_loose(line) {
                loose.push(line.trim_end().to_string());
            } else if let Some(key) = top_level_key(line) {
                let lead = if doc.blocks.is_empty() {
                    doc.head.append(&mut loose);
                    Vec::new()
                } else {
                    std::mem::take(&mut loose)
                };
                doc.blocks.push(Block { key: key.to_string(), lead, lines: vec![line.to_string()] });
            } else {
                let into = match doc.blocks.last_mut() {
                    Some(b) => &mut b.lines,
                    None => &mut doc.head,
                };
                into.append(&mut loose);
                into.push(line.to_string());
            }
        }
        doc.tail = loose;
        doc
    }

    /// The text: no blank line at the start or end, none doubled, one
    /// newline at the end.
    pub(super) fn join(&self) -> String {
        let mut lines: Vec<&str> = Vec::new();
        let all = self
            .head
            .iter()
            .chain(self.blocks.iter().flat_map(|b| b.lead.iter().chain(b.lines.iter())))
            .chain(self.tail.iter());
        for l in all {
            let blank = l.trim().is_empty();
            if blank && lines.last().is_none_or(|p| p.trim().is_empty()) {
                continue;
            }
            lines.push(if blank { "" } else { l });
        }
        while lines.last().is_some_and(|l| l.is_empty()) {
            lines.pop();
        }
        let mut out = lines.join("\n");
        out.push('\n');
        out
    }
}
