//! The final table as HTML: a fragment (the dashboard of a served game shows it) and a
//! self-contained page worth sharing — the date, the players, the winner, the table with a
//! bar in every cell (its share of the best score in that category) and the tie notes. No
//! script, no font or style from outside: the page is one file that opens anywhere.

use std::fmt::Write as _;

use super::{Row, Standings};

use crate::text::Lang;

/// `text` safe inside HTML text and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c if c.is_control() && c != '\n' && c != '\t' => {
                let _ = write!(out, "\\u{{{:x}}}", c as u32);
            }
            c => out.push(c),
        }
    }
    out
}

/// Today's date as `2026-11-23` (UTC).
pub fn today() -> String {
    crate::history::Date::from_days(crate::history::clock::now().div_euclid(86_400)).to_string()
}

fn place(r: &Row) -> String {
    if r.shared {
        format!("{}=", r.rank)
    } else {
        r.rank.to_string()
    }
}

/// The table as an HTML fragment (classes `deckhand-table`, `bar`), with the tie notes and
/// warnings below it.
pub fn fragment(s: &Standings, lang: Lang) -> String {
    let mut out = table(s, lang);
    for n in s.notes_in(lang) {
        let _ = write!(out, "<p class=\"note\">{}</p>", escape(&crate::t!(lang, "cli.report.tie_line", note = n)));
    }
    out + &warnings(s, lang)
}

/// The scores of a game still being played: the table and its warnings, without the tie
/// notes (a tie says how a game ended — before the end, and before anyone scores, it is
/// noise).
pub fn running(s: &Standings, lang: Lang) -> String {
    table(s, lang) + &warnings(s, lang)
}

fn warnings(s: &Standings, lang: Lang) -> String {
    let mut out = String::new();
    for w in &s.warnings {
        let _ = write!(out, "<p class=\"warning\">{}</p>", escape(&crate::t!(lang, "cli.report.warning", warning = w)));
    }
    out
}

/// The table alone.
fn table(s: &Standings, lang: Lang) -> String {
    let best: Vec<i64> =
        (0..s.categories.len()).map(|c| s.rows.iter().map(|r| r.values[c]).max().unwrap_or(0).max(1)).collect();
    let best_total = s.rows.iter().map(|r| r.total).max().unwrap_or(0).max(1);
    let mut out = String::from("<table class=\"deckhand-table\"><thead><tr>");
    let _ = write!(
        out,
        "<th>{}</th><th>{}</th>",
        escape(&crate::t!(lang, "cli.report.rank")),
        escape(&crate::t!(lang, "cli.report.player"))
    );
    for c in &s.categories {
        let _ = write!(out, "<th>{}</th>", escape(c));
    }
    let _ = write!(out, "<th>{}</th></tr></thead><tbody>", escape(&crate::t!(lang, "cli.report.total")));
    let bar = |value: i64, best: i64| -> String {
        let pct = (value.max(0) * 100 / best).clamp(0, 100);
        format!("<span class=\"n\">{value}</span><span class=\"bar\"><span style=\"width:{pct}%\"></span></span>")
    };
    for r in &s.rows {
        let winner = if r.rank == 1 { " class=\"winner\"" } else { "" };
        let flag = if r.flagged { " (!)" } else { "" };
        let _ = write!(out, "<tr{winner}><td>{}</td><td class=\"player\">{}{flag}</td>", place(r), escape(&r.player));
        for (c, v) in r.values.iter().enumerate() {
            let _ = write!(out, "<td>{}</td>", bar(*v, best[c]));
        }
        let _ = write!(out, "<td class=\"total\">{}</td></tr>", bar(r.total, best_total));
    }
    out.push_str("</tbody></table>");
    out
}

/// Who won, as a sentence (`Linda wins with 73 points`, or a shared win).
pub fn winner_line(s: &Standings, lang: Lang) -> String {
    let first: Vec<&str> = s.rows.iter().filter(|r| r.rank == 1).map(|r| r.player.as_str()).collect();
    let total = s.rows.first().map_or(0, |r| r.total);
    match first.as_slice() {
        [] => String::new(),
        [one] => crate::t!(lang, "web.report.winner", name = one, total = total),
        many => {
            crate::t!(lang, "web.report.winners", names = super::join_names_in(many.to_vec(), lang), total = total)
        }
    }
}

/// The CSS of the table, shared by the page and the dashboard.
pub const TABLE_CSS: &str = "\
.deckhand-table{border-collapse:collapse;font-variant-numeric:tabular-nums}
.deckhand-table th,.deckhand-table td{padding:.35em .6em;border-bottom:1px solid #c9d3dc;text-align:right}
.deckhand-table th{font-size:.8em;letter-spacing:.05em;color:#44535f}
.deckhand-table td.player,.deckhand-table th:nth-child(2){text-align:left;font-weight:600}
.deckhand-table tr.winner td{background:#fff4cc}
.deckhand-table .n{display:block}
.deckhand-table .bar{display:block;height:.35em;background:#e3e9ee;border-radius:.2em;min-width:3em}
.deckhand-table .bar span{display:block;height:100%;background:#1f6f9f;border-radius:.2em}
.deckhand-table td.total .bar span{background:#c2572b}
.note,.warning{margin:.4em 0;color:#44535f}.warning{color:#9b2c12}
.review-lines{list-style:none;padding:0}.review-lines li{margin:.5em 0}.review-lines span{display:block}\
.review-lines .l1{font-weight:600}.review .how,.review .working{color:#44535f;font-size:.9em}
.bgstats .code svg{width:12em;height:12em;max-width:100%}
@media(max-width:480px){.deckhand-table{font-size:.85em}.deckhand-table th,.deckhand-table td{padding:.3em .25em}\
.deckhand-table th:nth-child(n+3){writing-mode:vertical-rl;transform:rotate(180deg);text-align:left;letter-spacing:0}\
.deckhand-table .bar{min-width:1.6em}}
";

/// The final table as a page of its own: title, date, players, the winner (or the solo
/// rating), the table.
pub fn page(s: &Standings, date: &str, lang: Lang) -> String {
    let players: Vec<&str> = s.rows.iter().map(|r| r.player.as_str()).collect();
    let mut seated = players.clone();
    seated.sort_unstable();
    let title = crate::t!(lang, "web.report.title", game = s.game, date = date);
    let body = format!(
        "<h1>{}</h1><p class=\"meta\">{}</p><p class=\"win\">{}</p>{}",
        escape(&s.game),
        escape(&crate::t!(lang, "web.report.meta", date = date, players = seated.join(", "))),
        escape(&s.headline.clone().unwrap_or_else(|| winner_line(s, lang))),
        fragment(s, lang),
    );
    document(&title, &body, lang)
}

/// A page with `block` (already HTML) added at the end of its body, above deckhand's line.
pub fn with_block(page: &str, block: &str) -> String {
    match page.rfind("<p class=\"meta\">") {
        Some(at) => format!("{}{block}{}", &page[..at], &page[at..]),
        None => page.to_string(),
    }
}

/// The final page's way into BG Stats: the play's push link (`export::bgstats_link`) to tap,
/// and its QR code (an inline SVG) for the phone that has BG Stats — or, when the link is
/// too long for a code (`qr_svg` empty), a sentence saying to open the link there.
pub fn bgstats_block(link: &str, qr_svg: &str, lang: Lang) -> String {
    format!(
        "<section class=\"bgstats\"><h2>{}</h2><p><a href=\"{}\">{}</a></p>{}</section>",
        escape(&crate::t!(lang, "web.report.bgstats_title")),
        escape(link),
        escape(&crate::t!(lang, "web.report.bgstats_open")),
        if qr_svg.is_empty() {
            format!("<p class=\"too-long\">{}</p>", escape(&crate::t!(lang, "web.report.bgstats_too_long")))
        } else {
            format!("<p>{}</p><div class=\"code\">{qr_svg}</div>", escape(&crate::t!(lang, "web.report.bgstats_scan")))
        },
    )
}

/// Each player's review after the game (luck and skill, `text::advisor::review_lines`), as
/// the final screens and the final page show it: a heading, each player's two lines, and
/// how the figures were made (`how`). `lines` None: still being worked out.
pub fn review_block(lines: Option<&[[String; 2]]>, how: &str, lang: Lang) -> String {
    let (title, working) = (crate::t!(lang, "web.report.review_title"), crate::t!(lang, "web.report.review_working"));
    review_block_titled((&title, &working), lines, how)
}

/// `review_block` under a title of its own and its own words while it is worked out (an
/// exact review has no luck to show).
pub fn review_block_titled((title, working): (&str, &str), lines: Option<&[[String; 2]]>, how: &str) -> String {
    let mut out = format!("<section class=\"review\"><h2>{}</h2>", escape(title));
    match lines {
        Some(lines) => {
            out.push_str("<ul class=\"review-lines\">");
            for [first, second] in lines {
                let _ = write!(
                    out,
                    "<li><span class=\"l1\">{}</span><span class=\"l2\">{}</span></li>",
                    escape(first),
                    escape(second)
                );
            }
            let _ = write!(out, "</ul><p class=\"how\">{}</p>", escape(how));
        }
        None => {
            let _ = write!(out, "<p class=\"working\">{}</p>", escape(working));
        }
    }
    out.push_str("</section>");
    out
}

/// A page of its own around `body` (already HTML): the title, the table style, and
/// deckhand's line at the foot.
pub fn document(title: &str, body: &str, lang: Lang) -> String {
    let (head, tail) = document_parts(title, lang);
    head + body + &tail
}

/// A page's markup before and after its body, for a body written piece by piece (a
/// history listing streamed row by row).
pub fn document_parts(title: &str, lang: Lang) -> (String, String) {
    let mut head = String::new();
    let _ = write!(
        head,
        "<!doctype html>\n<html lang=\"{lang}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width,initial-scale=1\">\
         <title>{}</title><style>\
         body{{font-family:system-ui,-apple-system,'Segoe UI',sans-serif;margin:2em auto;max-width:60em;\
         padding:0 1em;color:#12232e;background:#f7f9fb}}h1{{margin-bottom:.2em}}\
         .meta{{color:#44535f;margin-top:0}}.win{{font-size:1.3em}}\n{TABLE_CSS}</style></head><body>",
        escape(title),
    );
    let tail = format!("<p class=\"meta\">{}</p></body></html>\n", escape(&crate::t!(lang, "web.report.made_by")));
    (head, tail)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_cannot_inject_markup() {
        assert_eq!(escape("<b>\"A&B\"</b>'"), "&lt;b&gt;&quot;A&amp;B&quot;&lt;/b&gt;&#39;");
        assert_eq!(escape("a\u{1b}b"), "a\\u{1b}b");
    }
}
