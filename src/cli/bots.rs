//! The names of the seats deckhand plays (`play --bots N`); their answers are the table's
//! own (`games::fleet::table`, with `advisor::bots`).

use crate::games::fleet::setup::BotLevel;
use crate::text::Lang;

/// The table's names: the people's, then the bots' — as given (`--bot-names`), the rest
/// `Bot N` for the N-th bot (in the table's language); refused when the bots take the table
/// past the most players `rules` seat.
pub(crate) fn names(
    people: &[String],
    bots: Option<(u32, BotLevel, &[String])>,
    rules: &crate::games::Rules,
    lang: Lang,
) -> Result<Vec<String>, crate::Error> {
    let mut names = people.to_vec();
    let Some((n, _, given)) = bots else { return Ok(names) };
    if given.len() > n as usize {
        return Err(crate::Error::Usage(crate::msg!("cli.play.bot_names", given = given.len(), n = n)));
    }
    let (min, max) = rules.players();
    if people.len() + n as usize > max as usize {
        let (people, game, min) = (people.len(), rules.names(), min.max(1));
        return Err(crate::Error::Usage(crate::msg!(
            "cli.play.bots_count",
            people = people,
            bots = n,
            game = game,
            min = min,
            max = max
        )));
    }
    for i in 0..n as usize {
        names.push(match given.get(i) {
            Some(name) => name.clone(),
            None => crate::text::table::bot_name(i + 1, lang),
        });
    }
    Ok(names)
}
