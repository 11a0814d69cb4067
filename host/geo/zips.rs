//! Reader for the table written by app/scripts/zip-table.mjs; the byte layout is described there.

use std::fmt;

use serde::Serialize;

use super::GeoPoint;

const MAGIC: &[u8; 4] = b"OAZT";
const VERSION: u32 = 1;
const ZIP_RECORD: usize = 16;
const COUNTY_RECORD: usize = 8;

#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ZipInfo {
    pub zip: String,
    pub lat: f64,
    pub lng: f64,
    /// USPS state or territory abbreviation, e.g. "OH", "PR".
    pub state: &'static str,
    /// 5-digit state+county FIPS code as a number (39049 = Franklin County, OH).
    pub county_fips: u32,
    pub county_name: &'static str,
    pub city: Option<&'static str>,
}

impl ZipInfo {
    pub fn point(&self) -> GeoPoint {
        GeoPoint::new(self.lat, self.lng)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableError(&'static str);

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid ZIP table: {}", self.0)
    }
}

impl std::error::Error for TableError {}

struct County {
    fips: u32,
    state: &'static str,
    name: &'static str,
}

pub struct ZipTable {
    strings: Vec<&'static str>,
    counties: Vec<County>,
    records: &'static [[u8; ZIP_RECORD]],
}

impl ZipTable {
    /// Checks every offset and index up front, so `lookup` can index without further checks.
    pub fn from_bytes(bytes: &'static [u8]) -> Result<Self, TableError> {
        let mut r = Cursor { bytes, pos: 0 };
        if r.take(4)? != MAGIC {
            return Err(TableError("bad magic"));
        }
        if r.u32()? != VERSION {
            return Err(TableError("unsupported version"));
        }
        let n_strings = r.u32()? as usize;
        let blob_len = r.u32()? as usize;
        let n_counties = r.u32()? as usize;
        let n_zips = r.u32()? as usize;

        let offsets: Vec<usize> = (0..=n_strings).map(|_| r.u32().map(|o| o as usize)).collect::<Result<_, _>>()?;
        let blob = r.take(blob_len)?;
        let strings = offsets
            .windows(2)
            .map(|w| {
                let raw = blob.get(w[0]..w[1]).ok_or(TableError("string offset out of range"))?;
                std::str::from_utf8(raw).map_err(|_| TableError("string is not UTF-8"))
            })
            .collect::<Result<Vec<_>, _>>()?;
        // Index 0 doubles as "no city".
        if strings.first() != Some(&"") || offsets.last() != Some(&blob_len) {
            return Err(TableError("malformed string table"));
        }
        let string = |i: u16| strings.get(i as usize).copied().ok_or(TableError("string index out of range"));

        let county_bytes = r.take(n_counties.checked_mul(COUNTY_RECORD).ok_or(TableError("too many counties"))?)?;
        let counties = county_bytes
            .chunks_exact(COUNTY_RECORD)
            .map(|c| {
                let state = std::str::from_utf8(&c[4..6])
                    .ok()
                    .filter(|s| s.bytes().all(|b| b.is_ascii_uppercase()))
                    .ok_or(TableError("bad state code"))?;
                Ok(County { fips: le32(&c[0..4]), state, name: string(le16(&c[6..8]))? })
            })
            .collect::<Result<Vec<_>, TableError>>()?;

        let (records, rest) =
            r.take(n_zips.checked_mul(ZIP_RECORD).ok_or(TableError("too many zips"))?)?.as_chunks::<ZIP_RECORD>();
        if !rest.is_empty() || r.pos != bytes.len() {
            return Err(TableError("trailing bytes"));
        }
        for pair in records.windows(2) {
            if le32(&pair[0][0..4]) >= le32(&pair[1][0..4]) {
                return Err(TableError("zips not strictly sorted"));
            }
        }
        for rec in records {
            let (lat, lng) = (lei32(&rec[4..8]), lei32(&rec[8..12]));
            if le32(&rec[0..4]) > 99_999
                || !(-90_000_000..=90_000_000).contains(&lat)
                || !(-180_000_000..=180_000_000).contains(&lng)
            {
                return Err(TableError("zip record out of range"));
            }
            if le16(&rec[12..14]) as usize >= counties.len() || le16(&rec[14..16]) as usize >= strings.len() {
                return Err(TableError("zip record index out of range"));
            }
        }
        Ok(Self { strings, counties, records })
    }

    pub fn len(&self) -> usize {
        self.records.len()
    }

    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// Exactly five ASCII digits; anything else (including ZIP+4) is None, as is a ZIP the
    /// table lacks. The table holds Census ZCTAs, so PO-box-only and single-building ZIPs are absent.
    pub fn lookup(&self, zip: &str) -> Option<ZipInfo> {
        if zip.len() != 5 || !zip.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let key: u32 = zip.parse().ok()?;
        let rec = &self.records[self.records.binary_search_by_key(&key, |r| le32(&r[0..4])).ok()?];
        let county = &self.counties[le16(&rec[12..14]) as usize];
        let city = self.strings[le16(&rec[14..16]) as usize];
        Some(ZipInfo {
            zip: zip.to_owned(),
            lat: degrees(&rec[4..8]),
            lng: degrees(&rec[8..12]),
            state: county.state,
            county_fips: county.fips,
            county_name: county.name,
            city: (!city.is_empty()).then_some(city),
        })
    }

    /// A 5-digit ZIP, a ZIP+4 ("43215-1234" or "432151234"), or "lat,lng".
    pub fn geocode(&self, text: &str) -> Option<GeoPoint> {
        let text = text.trim();
        if text.contains(',') {
            return GeoPoint::parse_lat_lng(text);
        }
        let b = text.as_bytes();
        let digits = |s: &[u8]| s.iter().all(u8::is_ascii_digit);
        let plus4 = match b.len() {
            5 => true,
            9 => digits(&b[5..]),
            10 => b[5] == b'-' && digits(&b[6..]),
            _ => false,
        };
        // `lookup` re-checks the first five bytes, so a non-ASCII prefix cannot slip through.
        if plus4 { self.lookup(text.get(..5)?).map(|z| z.point()) } else { None }
    }
}

struct Cursor {
    bytes: &'static [u8],
    pos: usize,
}

impl Cursor {
    fn take(&mut self, n: usize) -> Result<&'static [u8], TableError> {
        let end = self.pos.checked_add(n).filter(|&e| e <= self.bytes.len()).ok_or(TableError("truncated"))?;
        let out = &self.bytes[self.pos..end];
        self.pos = end;
        Ok(out)
    }

    fn u32(&mut self) -> Result<u32, TableError> {
        self.take(4).map(le32)
    }
}

fn le32(b: &[u8]) -> u32 {
    u32::from_le_bytes(b.try_into().unwrap())
}

fn le16(b: &[u8]) -> u16 {
    u16::from_le_bytes(b.try_into().unwrap())
}

fn lei32(b: &[u8]) -> i32 {
    i32::from_le_bytes(b.try_into().unwrap())
}

/// Stored in millionths of a degree; the division rounds correctly, so 39966856 -> 39.966856.
fn degrees(b: &[u8]) -> f64 {
    lei32(b) as f64 / 1e6
}

#[cfg(test)]
mod tests {
    use super::super::{geocode, haversine_miles, zip_table};
    use super::*;

    #[test]
    fn columbus_downtown_is_franklin_county_ohio() {
        let z = zip_table().lookup("43215").expect("43215 in table");
        assert_eq!((z.state, z.county_fips, z.county_name), ("OH", 39049, "Franklin County"));
        assert!((z.lat - 39.96).abs() < 0.05 && (z.lng + 83.0).abs() < 0.05, "{z:?}");
    }

    #[test]
    fn manhattan_10001_is_new_york() {
        let z = zip_table().lookup("10001").expect("10001 in table");
        assert_eq!((z.state, z.county_fips, z.county_name), ("NY", 36061, "New York County"));
        assert!((z.lat - 40.75).abs() < 0.05 && (z.lng + 74.0).abs() < 0.05, "{z:?}");
    }

    #[test]
    fn territories_and_leading_zeros() {
        let z = zip_table().lookup("00601").expect("00601 in table");
        assert_eq!((z.zip.as_str(), z.state, z.county_fips), ("00601", "PR", 72001));
        assert_eq!(zip_table().lookup("99546").map(|z| z.state), Some("AK"));
    }

    #[test]
    fn unknown_and_malformed_zips_are_none() {
        for zip in ["00000", "99999", "4321", "432150", "4321a", "", " 43215", "４３２１５"] {
            assert_eq!(zip_table().lookup(zip), None, "{zip:?}");
        }
    }

    #[test]
    fn table_is_roughly_all_zctas() {
        assert!((30_000..40_000).contains(&zip_table().len()), "{}", zip_table().len());
    }

    #[test]
    fn geocode_accepts_zip_zip4_and_lat_lng() {
        let columbus = zip_table().lookup("43215").unwrap().point();
        assert_eq!(geocode("43215"), Some(columbus));
        assert_eq!(geocode(" 43215-1234 "), Some(columbus));
        assert_eq!(geocode("432151234"), Some(columbus));
        assert_eq!(geocode("39.96, -83.0"), Some(GeoPoint::new(39.96, -83.0)));
        assert_eq!(geocode("-33.9,151.2"), Some(GeoPoint::new(-33.9, 151.2)));
        for bad in ["", "43215-12", "43215+1234", "00000", "91.0,0", "0,181", "NaN,0", "1,2,3", "Columbus, OH", "é3215"]
        {
            assert_eq!(geocode(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn columbus_to_cleveland_by_zip() {
        let t = zip_table();
        let d = haversine_miles(t.lookup("43215").unwrap().point(), t.lookup("44114").unwrap().point());
        assert!((118.0..132.0).contains(&d), "{d}");
    }

    #[test]
    fn rejects_damaged_tables() {
        let good = super::super::ZIPS_BIN;
        assert!(ZipTable::from_bytes(&good[..good.len() - 1]).is_err());
        assert!(ZipTable::from_bytes(&good[..10]).is_err());
        assert!(ZipTable::from_bytes(b"").is_err());
        let mut bad = good.to_vec();
        bad[0] = b'X';
        assert_eq!(ZipTable::from_bytes(bad.leak()).err(), Some(TableError("bad magic")));
        let mut extra = good.to_vec();
        extra.push(0);
        assert!(ZipTable::from_bytes(extra.leak()).is_err());
    }
}
