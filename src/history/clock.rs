//! Dates and times of plays without a calendar crate: Unix seconds, the local offset from
//! the C library (`localtime_r`), and civil dates by Howard Hinnant's algorithms.

use std::fmt;

/// A calendar date (proleptic Gregorian), as `YYYY-MM-DD`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    /// The year, astronomical (1 BC is 0); `parse` reads exactly four digits.
    pub year: i32,
    /// 1 (January) to 12.
    pub month: u8,
    /// The day of the month, from 1.
    pub day: u8,
}

/// Plays that start before this hour (local time) belong to the evening before: a game
/// begun at half past midnight is part of the same game night.
pub(crate) const NIGHT_ENDS_AT_HOUR: i64 = 6;

impl Date {
    /// `YYYY-MM-DD` with a real day of a real month, else None.
    pub fn parse(text: &str) -> Option<Date> {
        let text = text.trim();
        let mut parts = text.split('-');
        let (y, m, d) = (parts.next()?, parts.next()?, parts.next()?);
        if parts.next().is_some() || y.len() != 4 || m.len() != 2 || d.len() != 2 {
            return None;
        }
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if !(digits(y) && digits(m) && digits(d)) {
            return None;
        }
        let (year, month, day) = (y.parse::<i32>().ok()?, m.parse::<u8>().ok()?, d.parse::<u8>().ok()?);
        if !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
            return None;
        }
        Some(Date { year, month, day })
    }

    /// The date `days` days after 1970-01-01.
    pub fn from_days(days: i64) -> Date {
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u8;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u8;
        let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
        Date { year, month, day }
    }

    /// Days since 1970-01-01.
    pub fn days(self) -> i64 {
        let y = i64::from(self.year) - i64::from(self.month <= 2);
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let m = i64::from(self.month);
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The local date of an instant (`utc_offset` seconds east of UTC).
    pub(crate) fn of(at: i64, utc_offset: i32) -> Date {
        Date::from_days((at + i64::from(utc_offset)).div_euclid(86_400))
    }

    /// The game night an instant (Unix seconds) belongs to, `utc_offset` seconds east of
    /// UTC: its local date, or the day before until `NIGHT_ENDS_AT_HOUR` (06:00).
    pub fn night_of(at: i64, utc_offset: i32) -> Date {
        Date::of(at - NIGHT_ENDS_AT_HOUR * 3600, utc_offset)
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

fn days_in_month(year: i32, month: u8) -> u8 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        _ if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        _ => 28,
    }
}

/// Seconds since the Unix epoch, now.
pub fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or(0)
}

/// The local time zone's offset from UTC at an instant, in seconds (0 where unknown).
pub fn local_offset(at: i64) -> i32 {
    #[cfg(unix)]
    {
        let t = at as libc::time_t;
        // SAFETY: localtime_r writes only into `tm`, which we own; a zeroed `tm` is valid.
        unsafe {
            let mut tm: libc::tm = std::mem::zeroed();
            if !libc::localtime_r(&t, &mut tm).is_null() {
                return tm.tm_gmtoff as i32;
            }
        }
        0
    }
    #[cfg(not(unix))]
    {
        let _ = at;
        0
    }
}

/// `YYYY-MM-DD HH:MM:SS` in local time (`utc_offset` seconds east of UTC).
pub(crate) fn local_datetime(at: i64, utc_offset: i32) -> String {
    let local = at + i64::from(utc_offset);
    let secs = local.rem_euclid(86_400);
    format!("{} {:02}:{:02}:{:02}", Date::of(at, utc_offset), secs / 3600, secs % 3600 / 60, secs % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_round_trip_through_days() {
        for days in [-800_000, -1, 0, 1, 59, 60, 365, 10_957, 11_016, 20_000, 2_932_896] {
            let d = Date::from_days(days);
            assert_eq!(d.days(), days, "{d}");
            assert_eq!(Date::parse(&d.to_string()), if d.year >= 1000 && d.year <= 9999 { Some(d) } else { None });
        }
        assert_eq!(Date::from_days(0).to_string(), "1970-01-01");
        assert_eq!(Date::from_days(11_016).to_string(), "2000-02-29");
    }

    #[test]
    fn only_real_dates_parse() {
        assert_eq!(Date::parse("2024-02-29"), Some(Date { year: 2024, month: 2, day: 29 }));
        for bad in ["2023-02-29", "2024-13-01", "2024-00-10", "2024-1-01", "24-01-01", "2024-01-01x", "", "tomorrow"] {
            assert_eq!(Date::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_game_begun_after_midnight_belongs_to_the_evening_before() {
        let evening = Date::parse("2025-03-14").unwrap().days() * 86_400;
        assert_eq!(Date::night_of(evening + 20 * 3600, 0).to_string(), "2025-03-14");
        assert_eq!(Date::night_of(evening + 24 * 3600 + 1800, 0).to_string(), "2025-03-14");
        assert_eq!(Date::night_of(evening + 24 * 3600 + 7 * 3600, 0).to_string(), "2025-03-15");
        // 23:30 UTC is 00:30 the next day in UTC+1: still that evening.
        assert_eq!(Date::night_of(evening + 23 * 3600 + 1800, 3600).to_string(), "2025-03-14");
        assert_eq!(local_datetime(evening + 20 * 3600 + 61, 3600), "2025-03-14 21:01:01");
    }
}
