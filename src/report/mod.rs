//! Report layer: the final table of a game — ranking with tie-breaks — rendered as a
//! terminal table (comfy-table), JSON, CSV or Markdown. Game-neutral: every game turns its
//! scores into `Standings`.

pub mod html;
pub mod listing;
pub mod sheet;

use std::fmt::Write as _;

use comfy_table::{presets, Cell, CellAlignment, ContentArrangement, Table};
use serde::Serialize;

use crate::text::Lang;

#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum Format {
    Table,
    Json,
    Csv,
    Markdown,
    /// A self-contained page worth sharing: date, players, winner, the table with bars.
    Html,
}

/// One line of a category's breakdown, in words: the command layer renders each game's
/// typed breakdown through the text layer before it reaches a report.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct DetailItem {
    pub what: String,
    pub points: i64,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Row {
    pub player: String,
    /// One value per category, in `Standings::categories` order.
    pub values: Vec<i64>,
    pub total: i64,
    /// Tie-break values, in `Standings::tie_breaks` order (higher is better).
    pub tie_values: Vec<i64>,
    /// 1-based place; players who share a place have the same rank.
    pub rank: usize,
    pub shared: bool,
    /// Per category: what it is made of.
    pub detail: Vec<Vec<DetailItem>>,
    /// The sheet had rule violations; it was scored as written.
    pub flagged: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Standings {
    pub game: String,
    pub categories: Vec<String>,
    /// Names of the tie-breakers, in order ("most fish").
    pub tie_breaks: Vec<String>,
    pub rows: Vec<Row>,
    /// How ties were broken, one sentence each.
    pub notes: Vec<String>,
    pub warnings: Vec<String>,
    /// What the table says first instead of naming the winner: a solo game's rating. Not
    /// in JSON, which keeps its shape (saves of earlier versions replay to the same bytes):
    /// a program has the total and the rules' ratings.
    #[serde(skip)]
    pub headline: Option<String>,
}

impl Row {
    pub fn new(player: impl Into<String>, values: Vec<i64>, tie_values: Vec<i64>, detail: Vec<Vec<DetailItem>>) -> Row {
        let total = values.iter().sum();
        Row { player: player.into(), values, total, tie_values, rank: 0, shared: false, detail, flagged: false }
    }
}

impl Standings {
    /// The table of a described live game (`games::described`) so far, or its final table:
    /// each seat's categories and total, placed as the game ranks them once it is over
    /// (its own tie-breaks), by the totals before.
    pub fn of_game(game: &str, names: &[String], of: &dyn crate::games::described::AnyGame, lang: Lang) -> Standings {
        let per_seat: Vec<_> = (0..names.len()).map(|s| of.categories(s)).collect();
        let categories = per_seat.first().map(|c| c.iter().map(|c| c.label.text(lang)).collect()).unwrap_or_default();
        let mut rows: Vec<Row> = names
            .iter()
            .zip(&per_seat)
            .map(|(name, cats)| Row::new(name.clone(), cats.iter().map(|c| c.points).collect(), Vec::new(), Vec::new()))
            .collect();
        let mut standings = Standings {
            game: game.to_string(),
            categories,
            tie_breaks: Vec::new(),
            rows: Vec::new(),
            notes: Vec::new(),
            warnings: Vec::new(),
            headline: None,
        };
        match of.outcome() {
            Some(crate::games::live::Outcome::Ranked(places)) => {
                for (row, place) in rows.iter_mut().zip(&places) {
                    row.rank = place.rank;
                    row.total = place.score;
                }
                rows.sort_by_key(|r| r.rank);
                let ranks: Vec<usize> = rows.iter().map(|r| r.rank).collect();
                for row in rows.iter_mut() {
                    row.shared = ranks.iter().filter(|r| **r == row.rank).count() > 1;
                }
                standings.rows = rows;
            }
            _ => {
                standings.rows = rows;
                standings.rank();
            }
        }
        standings
    }

    /// Rank the rows as the library ranks a game (`games::live::places`: by total, then
    /// the tie-breakers in order; equal on all of them is a shared place), sort them by
    /// place, and write a note for every tie saying how it was decided.
    pub fn rank(&mut self) {
        let keys: Vec<(i64, &[i64])> = self.rows.iter().map(|r| (r.total, r.tie_values.as_slice())).collect();
        let places = crate::games::live::places(&keys);
        for (row, rank) in self.rows.iter_mut().zip(places) {
            row.rank = rank;
        }
        // Stable sort keeps the input order of players who share a place.
        self.rows.sort_by_key(|r| r.rank);
        let n = self.rows.len();
        for i in 0..n {
            let r = self.rows[i].rank;
            self.rows[i].shared = self.rows.iter().filter(|x| x.rank == r).count() > 1;
        }
        self.notes.clear();
        let mut i = 0;
        while i < n {
            let total = self.rows[i].total;
            let j = (i..n).take_while(|k| self.rows[*k].total == total).last().unwrap_or(i);
            if j > i {
                self.notes.push(self.tie_note(i, j, Lang::En));
            }
            i = j + 1;
        }
    }

    /// The tie notes in a language (the stored `notes` are English).
    fn notes_in(&self, lang: Lang) -> Vec<String> {
        if lang == Lang::En {
            return self.notes.clone();
        }
        let n = self.rows.len();
        let mut out = Vec::new();
        let mut i = 0;
        while i < n {
            let total = self.rows[i].total;
            let j = (i..n).take_while(|k| self.rows[*k].total == total).last().unwrap_or(i);
            if j > i {
                out.push(self.tie_note(i, j, lang));
            }
            i = j + 1;
        }
        out
    }

    fn tie_note(&self, from: usize, to: usize, lang: Lang) -> String {
        let group: Vec<&Row> = self.rows[from..=to].iter().collect();
        let names = join_names_in(group.iter().map(|r| r.player.as_str()).collect(), lang);
        let total = group[0].total;
        let mut text = crate::t!(lang, "cli.report.tie_on", names = names, total = total);
        // Which tie-breaker separated them (the first on which they differ).
        let Some(k) = first_difference(&group, 0, self.tie_breaks.len()) else {
            // Equal on every tie-break: one shared place.
            let how =
                if self.tie_breaks.is_empty() { String::new() } else { crate::t!(lang, "cli.report.every_tie_break") };
            let place = place_in(group[0].rank, lang);
            text.push_str(&crate::t!(lang, "cli.report.tie_result", how = how, place = place));
            return text;
        };
        if k > 0 {
            text.push_str(&crate::t!(lang, "cli.report.and_on", list = self.tie_breaks[..k].join(", ")));
        }
        let values: Vec<String> = group.iter().map(|r| format!("{} {}", r.player, r.tie_values[k])).collect();
        text.push_str(&crate::t!(
            lang,
            "cli.report.decided_by",
            name = &self.tie_breaks[k],
            values = values.join(", ")
        ));
        self.explain_rest(&group, k, lang, &mut text);
        text
    }

    /// After tie-break `k` split `group`, every part still tied on it is explained in turn:
    /// the next tie-break that separates it (and those it was equal on before that), or its
    /// shared place.
    fn explain_rest(&self, group: &[&Row], k: usize, lang: Lang, text: &mut String) {
        let mut i = 0;
        while i < group.len() {
            let j = (i..group.len()).take_while(|x| group[*x].tie_values[k] == group[i].tie_values[k]).count() + i;
            let part = &group[i..j];
            if part.len() > 1 {
                let names = join_names_in(part.iter().map(|r| r.player.as_str()).collect(), lang);
                match first_difference(part, k + 1, self.tie_breaks.len()) {
                    Some(next) => {
                        let also = if next > k + 1 {
                            crate::t!(lang, "cli.report.also_equal", list = self.tie_breaks[k + 1..next].join(", "))
                        } else {
                            String::new()
                        };
                        let values: Vec<String> =
                            part.iter().map(|r| format!("{} {}", r.player, r.tie_values[next])).collect();
                        text.push_str(&crate::t!(
                            lang,
                            "cli.report.then_by",
                            names = names,
                            also = also,
                            name = &self.tie_breaks[next],
                            values = values.join(", ")
                        ));
                        self.explain_rest(part, next, lang, text);
                    }
                    None => {
                        let place = place_in(part[0].rank, lang);
                        text.push_str(&crate::t!(lang, "cli.report.still_tie", sharers = names, place = place));
                    }
                }
            }
            i = j;
        }
    }

    /// Render in English (see `render_in`).
    #[cfg(test)]
    pub fn render(&self, format: Format, detail: bool, width: Option<u16>) -> String {
        self.render_in(format, detail, width, Lang::En)
    }

    /// Render in a language. JSON and CSV are machine formats: their keys and column names
    /// stay English; the values (categories, the game's name, tie sentences) are in `lang`.
    pub fn render_in(&self, format: Format, detail: bool, width: Option<u16>, lang: Lang) -> String {
        match format {
            Format::Table => self.table(detail, width, lang),
            Format::Json => self.json(detail, lang),
            Format::Csv => self.csv(detail),
            Format::Markdown => self.markdown(detail, lang),
            Format::Html => html::page(self, &html::today(), lang),
        }
    }

    fn headers(&self, lang: Lang) -> Vec<String> {
        let mut h = vec![crate::t!(lang, "cli.report.rank"), crate::t!(lang, "cli.report.player")];
        h.extend(self.categories.iter().map(|c| escape(c).into_owned()));
        h.push(crate::t!(lang, "cli.report.total"));
        h
    }

    fn cells(&self, r: &Row) -> Vec<String> {
        let rank = if r.shared { format!("{}=", r.rank) } else { r.rank.to_string() };
        let name = escape(&r.player);
        let player = if r.flagged { format!("{name} (!)") } else { name.into_owned() };
        let mut c = vec![rank, player];
        c.extend(r.values.iter().map(i64::to_string));
        c.push(r.total.to_string());
        c
    }

    fn table(&self, detail: bool, width: Option<u16>, lang: Lang) -> String {
        let mut table = Table::new();
        table.load_preset(presets::UTF8_FULL_CONDENSED);
        match width {
            Some(w) => {
                table.set_content_arrangement(ContentArrangement::Dynamic).set_width(w);
            }
            None => {
                table.set_content_arrangement(ContentArrangement::Disabled);
            }
        }
        table.set_header(self.headers(lang));
        for r in &self.rows {
            table.add_row(self.cells(r).into_iter().enumerate().map(|(i, c)| {
                let cell = Cell::new(c);
                if i == 1 {
                    cell
                } else {
                    cell.set_alignment(CellAlignment::Right)
                }
            }));
        }
        let mut out = format!("{}\n{table}\n", escape(&self.game));
        if let Some(h) = &self.headline {
            let _ = writeln!(out, "{}", escape(h));
        }
        for n in &self.notes_in(lang) {
            let _ = writeln!(out, "{}", crate::t!(lang, "cli.report.tie_line", note = escape(n)));
        }
        if detail {
            // At least 10 wide, wider when a category's name is longer (RESTMATERIAL).
            let w = self.categories.iter().map(|c| c.chars().count()).max().unwrap_or(0).max(10);
            for r in &self.rows {
                let _ = writeln!(
                    out,
                    "\n{}",
                    crate::t!(lang, "cli.report.detail_head", player = escape(&r.player), total = r.total)
                );
                for (cat, items) in self.categories.iter().zip(&r.detail) {
                    let cat = escape(cat);
                    let sum: i64 = items.iter().map(|i| i.points).sum();
                    let parts: Vec<String> =
                        items.iter().map(|i| format!("{} {}", escape(&i.what), i.points)).collect();
                    let list = if parts.is_empty() { "—".to_string() } else { parts.join(", ") };
                    let _ = writeln!(out, "  {cat:<w$} {sum:>4}  {list}");
                }
            }
        }
        for w in &self.warnings {
            let _ = writeln!(out, "{}", crate::t!(lang, "cli.report.warning", warning = escape(w)));
        }
        out
    }

    fn json(&self, detail: bool, lang: Lang) -> String {
        let mut value = serde_json::to_value(self).expect("standings serialise");
        value["notes"] = serde_json::json!(self.notes_in(lang));
        if !detail {
            if let Some(rows) = value.get_mut("rows").and_then(|r| r.as_array_mut()) {
                for r in rows {
                    if let Some(o) = r.as_object_mut() {
                        o.remove("detail");
                    }
                }
            }
        }
        serde_json::to_string_pretty(&value).expect("json") + "\n"
    }

    fn csv(&self, detail: bool) -> String {
        let mut out = String::new();
        if detail {
            out.push_str("player,category,item,points\n");
            for r in &self.rows {
                for (cat, items) in self.categories.iter().zip(&r.detail) {
                    for i in items {
                        let _ = writeln!(
                            out,
                            "{},{},{},{}",
                            csv_field(&r.player),
                            csv_field(cat),
                            csv_field(&i.what),
                            i.points
                        );
                    }
                }
            }
            return out;
        }
        let mut headers = vec!["rank".to_string(), "shared".into(), "player".into()];
        headers.extend(self.categories.iter().map(|c| c.to_lowercase()));
        headers.push("total".into());
        out.push_str(&headers.iter().map(|h| csv_field(h)).collect::<Vec<_>>().join(","));
        out.push('\n');
        for r in &self.rows {
            let mut f = vec![r.rank.to_string(), r.shared.to_string(), csv_field(&r.player)];
            f.extend(r.values.iter().map(i64::to_string));
            f.push(r.total.to_string());
            let _ = writeln!(out, "{}", f.join(","));
        }
        out
    }

    fn markdown(&self, detail: bool, lang: Lang) -> String {
        let mut out = format!("### {}\n\n", md_escape(&self.game));
        let headers = self.headers(lang);
        let _ = writeln!(out, "| {} |", headers.iter().map(|h| md_escape(h)).collect::<Vec<_>>().join(" | "));
        let align: Vec<&str> = headers.iter().enumerate().map(|(i, _)| if i == 1 { ":--" } else { "--:" }).collect();
        let _ = writeln!(out, "|{}|", align.join("|"));
        for r in &self.rows {
            let _ = writeln!(out, "| {} |", self.cells(r).iter().map(|c| md_escape(c)).collect::<Vec<_>>().join(" | "));
        }
        if let Some(h) = &self.headline {
            let _ = write!(out, "\n{}\n", md_escape(h));
        }
        let notes = self.notes_in(lang);
        if !notes.is_empty() {
            out.push('\n');
            for n in &notes {
                let _ = writeln!(out, "- {}", crate::t!(lang, "cli.report.tie_line", note = md_escape(n)));
            }
        }
        if detail {
            for r in &self.rows {
                let head = crate::t!(lang, "cli.report.detail_head", player = md_escape(&r.player), total = r.total);
                let _ = writeln!(out, "\n#### {head}\n");
                for (cat, items) in self.categories.iter().zip(&r.detail) {
                    let parts: Vec<String> =
                        items.iter().map(|i| format!("{} {}", md_escape(&i.what), i.points)).collect();
                    let _ = writeln!(
                        out,
                        "- **{}**: {}",
                        md_escape(cat),
                        if parts.is_empty() { "—".into() } else { parts.join(", ") }
                    );
                }
            }
        }
        for w in &self.warnings {
            let _ = writeln!(out, "\n> {}", crate::t!(lang, "cli.report.warning", warning = md_escape(w)));
        }
        out
    }
}

fn escape(s: &str) -> std::borrow::Cow<'_, str> {
    crate::text::escape_controls(s)
}

use crate::text::csv_field;

/// A Markdown table cell or line: control characters written out, `|` escaped.
fn md_escape(s: &str) -> String {
    escape(s).replace('|', "\\|")
}

fn join_names_in(names: Vec<&str>, lang: Lang) -> String {
    match names.len() {
        0 => String::new(),
        1 => names[0].to_string(),
        n => crate::t!(lang, "cli.report.and", first = names[..n - 1].join(", "), last = names[n - 1]),
    }
}

/// An ordinal in a language: en 2nd, de 2., fr 2e (1er).
pub fn ordinal_in(n: usize, lang: Lang) -> String {
    match lang {
        Lang::En => ordinal(n),
        Lang::De => format!("{n}."),
        Lang::Fr if n == 1 => "1er".to_string(),
        Lang::Fr => format!("{n}e"),
    }
}

pub fn ordinal(n: usize) -> String {
    let suffix = match (n % 10, n % 100) {
        (1, r) if r != 11 => "st",
        (2, r) if r != 12 => "nd",
        (3, r) if r != 13 => "rd",
        _ => "th",
    };
    format!("{n}{suffix}")
}

/// The first tie-break from `from` on which the rows differ.
fn first_difference(rows: &[&Row], from: usize, levels: usize) -> Option<usize> {
    (from..levels).find(|k| rows.iter().any(|r| r.tie_values[*k] != rows[0].tie_values[*k]))
}

/// "a shared win", "a shared 2nd place".
fn place_in(rank: usize, lang: Lang) -> String {
    if rank == 1 {
        crate::t!(lang, "cli.report.shared_win")
    } else {
        crate::t!(lang, "cli.report.shared_place", ordinal = ordinal_in(rank, lang))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standings(rows: &[(&str, i64, i64)]) -> Standings {
        let mut s = Standings {
            game: "Test".into(),
            categories: vec!["A".into()],
            tie_breaks: vec!["most fish".into()],
            rows: rows.iter().map(|(p, total, fish)| Row::new(*p, vec![*total], vec![*fish], vec![vec![]])).collect(),
            notes: vec![],
            warnings: vec![],
            headline: None,
        };
        s.rank();
        s
    }

    #[test]
    fn every_tie_break_level_used_is_explained_down_to_a_shared_place() {
        let row = |p: &str, t: Vec<i64>| Row::new(p, vec![10], t, vec![vec![]]);
        let mut s = Standings {
            game: "Test".into(),
            categories: vec!["A".into()],
            tie_breaks: vec!["x".into(), "y".into(), "z".into()],
            rows: vec![
                row("A", vec![1, 5, 2]),
                row("B", vec![1, 5, 3]),
                row("C", vec![0, 0, 0]),
                row("D", vec![0, 0, 0]),
                row("E", vec![2, 0, 0]),
            ],
            notes: vec![],
            warnings: vec![],
            headline: None,
        };
        s.rank();
        assert_eq!(
            s.notes,
            vec![
                "E, B, A, C and D tie on 10 points; decided by x (E 2, B 1, A 1, C 0, D 0); \
                 then between B and A, equal on y, by z (B 3, A 2); C and D still tie: a shared 4th place"
            ]
        );
    }

    #[test]
    fn highest_total_ranks_first() {
        let s = standings(&[("Ann", 50, 1), ("Bob", 70, 1), ("Cy", 60, 1)]);
        let order: Vec<(&str, usize)> = s.rows.iter().map(|r| (r.player.as_str(), r.rank)).collect();
        assert_eq!(order, vec![("Bob", 1), ("Cy", 2), ("Ann", 3)]);
        assert!(s.notes.is_empty());
    }

    #[test]
    fn tie_on_points_goes_to_most_fish_and_says_so() {
        let s = standings(&[("Ann", 73, 30), ("Bob", 73, 32)]);
        assert_eq!(s.rows[0].player, "Bob");
        assert_eq!((s.rows[0].rank, s.rows[1].rank), (1, 2));
        assert!(!s.rows[0].shared);
        assert_eq!(s.notes, vec!["Bob and Ann tie on 73 points; decided by most fish (Bob 32, Ann 30)"]);
    }

    #[test]
    fn tie_on_points_and_fish_is_a_shared_win() {
        let s = standings(&[("Ann", 73, 32), ("Bob", 73, 32), ("Cy", 10, 0)]);
        assert_eq!((s.rows[0].rank, s.rows[1].rank, s.rows[2].rank), (1, 1, 3));
        assert!(s.rows[0].shared && s.rows[1].shared && !s.rows[2].shared);
        assert_eq!(s.notes, vec!["Ann and Bob tie on 73 points and on every tie-break: a shared win"]);
    }

    #[test]
    fn three_way_tie_split_by_fish_with_a_shared_second_place() {
        let s = standings(&[("Ann", 40, 5), ("Bob", 40, 9), ("Cy", 40, 5)]);
        assert_eq!(s.rows.iter().map(|r| r.rank).collect::<Vec<_>>(), vec![1, 2, 2]);
        assert_eq!(
            s.notes,
            vec!["Bob, Ann and Cy tie on 40 points; decided by most fish (Bob 9, Ann 5, Cy 5); Ann and Cy still tie: a shared 2nd place"]
        );
    }

    #[test]
    fn a_later_tie_break_decides_and_the_note_names_the_equal_ones_before_it() {
        let row = |p: &str, t: Vec<i64>| Row::new(p, vec![115], t, vec![vec![]]);
        let mut s = Standings {
            game: "Test".into(),
            categories: vec!["A".into()],
            tie_breaks: vec!["most leftover Taler".into(), "most Taler".into()],
            rows: vec![row("Ann", vec![0, 21]), row("Ben", vec![0, 24]), row("Cy", vec![0, 24])],
            notes: vec![],
            warnings: vec![],
            headline: None,
        };
        s.rank();
        assert_eq!(
            s.rows.iter().map(|r| (r.player.as_str(), r.rank)).collect::<Vec<_>>(),
            vec![("Ben", 1), ("Cy", 1), ("Ann", 3)]
        );
        assert_eq!(
            s.notes,
            vec!["Ben, Cy and Ann tie on 115 points and on most leftover Taler; decided by most Taler (Ben 24, Cy 24, Ann 21); Ben and Cy still tie: a shared win"]
        );
    }

    #[test]
    fn csv_quotes_names_with_commas() {
        let s = standings(&[("Smith, Ann", 5, 0)]);
        assert_eq!(s.render(Format::Csv, false, None), "rank,shared,player,a,total\n1,false,\"Smith, Ann\",5,5\n");
    }
}
