use deckhand::games::fleet::game::{Ask, Input};
use deckhand::games::fleet::session::{Entry, Session};
use std::collections::BTreeMap;
fn main() {
    let path = std::env::args().nth(1).unwrap();
    let text = std::fs::read_to_string(path).unwrap();
    let rules = deckhand::games::built_in("fleet-dice").unwrap();
    let fleet = rules.fleet().unwrap();
    let mut lines = text.lines();
    let head: serde_json::Value = serde_json::from_str(lines.next().unwrap()).unwrap();
    let names: Vec<String> =
        head["players"].as_array().unwrap().iter().map(|v| v.as_str().unwrap().to_string()).collect();
    let mut s = Session::new(fleet, &names);
    let mut counts: BTreeMap<String, usize> = BTreeMap::new();
    let mut single = 0;
    let mut usemark_default = 0;
    for l in lines {
        let e: Entry = serde_json::from_str(l).unwrap();
        let input = match &e {
            Entry::Do(i) => i.clone(),
            Entry::By { input, .. } => input.clone(),
            Entry::Undo => continue,
        };
        let d = s.game.decision(fleet).unwrap();
        let k = match &d.ask {
            Ask::Use { shared, .. } => format!("Use shared={shared}"),
            Ask::Pick { .. } => "Pick".into(),
            Ask::Roll { .. } => "Roll".into(),
            other => format!("{:?}", other).split(|c| c == '{' || c == '(').next().unwrap().trim().to_string(),
        };
        if d.options.len() == 1 {
            single += 1;
        }
        if let (Ask::Use { .. }, Input::Choice(c)) = (&d.ask, &input) {
            if c == "mark" {
                usemark_default += 1;
            }
        }
        *counts.entry(k).or_default() += 1;
        s.apply(fleet, input).unwrap();
    }
    println!("{counts:#?}\nsingle-option: {single}\nuse=mark: {usemark_default}");
}
