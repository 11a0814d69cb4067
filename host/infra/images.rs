//! Uploaded photos, made safe to serve: checked by content (the first bytes name JPEG, PNG or
//! WebP, and the whole file decodes as that within size limits), then decoded, shrunk to at most
//! [`MAX_SIDE`] pixels on the longer side and encoded again as JPEG. What is served is always our
//! own encoding: no metadata (location, camera), no trailing bytes, no polyglot file survives.
//!
//! Decoding is where an upload costs memory: a 38-byte lossless WebP can say 11000 x 11000 and
//! take 800 MB to decode. So the size a file states is checked before anything is decoded, and at
//! most [`PARALLEL_DECODES`] photos decode at once; another upload meanwhile is told to try again
//! rather than queued.
use image::{
    DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits, codecs::jpeg::JpegEncoder, imageops::FilterType,
};
use std::{
    io::Cursor,
    sync::atomic::{AtomicUsize, Ordering},
};

/// The largest upload accepted.
pub const MAX_PHOTO_BYTES: usize = 5 * 1024 * 1024;
/// The longer side of a stored photo: a product tile is at most ~400 CSS px wide (2x screens).
pub const MAX_SIDE: u32 = 800;
/// The longest side an upload may state: a 12 MP phone photo (4032 x 3024) fits; a product photo
/// needs no more before it is shrunk to [`MAX_SIDE`].
pub const MAX_UPLOAD_SIDE: u32 = 4096;
/// Pixels an upload may state: a 4096 x 4096 photo decodes in 64 MB as RGBA.
const MAX_UPLOAD_PIXELS: u64 = 4096 * 4096;
/// What one decode may allocate: the decoded pixels and the decoder's own buffers.
const MAX_DECODE_BYTES: u64 = 128 << 20;
/// Photos decoded at once on the host: two, so a burst of uploads holds a few hundred MB at most.
pub const PARALLEL_DECODES: usize = 2;
const JPEG_QUALITY: u8 = 82;

/// Why an upload is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PhotoProblem {
    /// Over [`MAX_PHOTO_BYTES`].
    TooLarge,
    /// Its bytes are not a JPEG, PNG or WebP image (whatever its name or declared type says).
    WrongType,
    /// Its header states more than [`MAX_UPLOAD_SIDE`] pixels on a side.
    TooManyPixels,
    /// It starts like one but does not decode (truncated, corrupt).
    Unreadable,
    /// [`PARALLEL_DECODES`] photos are being decoded: try again in a moment.
    Busy,
}

/// A photo as stored: our own JPEG.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Photo {
    pub bytes: Vec<u8>,
    pub width: u32,
    pub height: u32,
}

impl Photo {
    pub const CONTENT_TYPE: &'static str = "image/jpeg";
    pub const EXT: &'static str = "jpg";
}

/// The decodes under way, up to a bound; a slot is taken without waiting or not at all.
pub struct DecodeSlots {
    taken: AtomicUsize,
    max: usize,
}

/// A taken slot, given back when dropped (also when the decode panics).
struct Slot<'a>(&'a DecodeSlots);

impl Drop for Slot<'_> {
    fn drop(&mut self) {
        self.0.taken.fetch_sub(1, Ordering::AcqRel);
    }
}

impl DecodeSlots {
    pub const fn new(max: usize) -> Self {
        Self { taken: AtomicUsize::new(0), max }
    }

    fn take(&self) -> Option<Slot<'_>> {
        self.taken
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| (n < self.max).then_some(n + 1))
            .ok()
            .map(|_| Slot(self))
    }

    /// [`convert`] with its decode in a slot, or [`PhotoProblem::Busy`] when every slot is taken.
    pub fn reencode(&self, upload: &[u8]) -> Result<Photo, PhotoProblem> {
        convert(upload, Some(self))
    }
}

/// The host's decodes.
static DECODES: DecodeSlots = DecodeSlots::new(PARALLEL_DECODES);

/// The upload's format by its first bytes, if it is one we take.
pub fn sniff(upload: &[u8]) -> Option<ImageFormat> {
    match image::guess_format(upload).ok()? {
        f @ (ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP) => Some(f),
        _ => None,
    }
}

/// Checks, decodes, shrinks and re-encodes an upload, in one of the host's decode slots
/// (CPU-bound: call it off the async threads).
pub fn reencode(upload: &[u8]) -> Result<Photo, PhotoProblem> {
    DECODES.reencode(upload)
}

/// The work of [`reencode`]; the decode waits for a slot of `slots`, if given. The checks before
/// it take none: a file refused by its header never keeps a photo from being decoded.
fn convert(upload: &[u8], slots: Option<&DecodeSlots>) -> Result<Photo, PhotoProblem> {
    if upload.len() > MAX_PHOTO_BYTES {
        return Err(PhotoProblem::TooLarge);
    }
    let format = sniff(upload).ok_or(PhotoProblem::WrongType)?;
    let mut reader = ImageReader::with_format(Cursor::new(upload), format);
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_UPLOAD_SIDE);
    limits.max_image_height = Some(MAX_UPLOAD_SIDE);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    reader.limits(limits);
    // The header is read first: its stated size is refused before a pixel is allocated.
    let decoder = reader.into_decoder().map_err(|e| match e {
        image::ImageError::Limits(_) => PhotoProblem::TooManyPixels,
        _ => PhotoProblem::Unreadable,
    })?;
    let (w, h) = decoder.dimensions();
    if w > MAX_UPLOAD_SIDE || h > MAX_UPLOAD_SIDE || u64::from(w) * u64::from(h) > MAX_UPLOAD_PIXELS {
        return Err(PhotoProblem::TooManyPixels);
    }
    let _slot = slots.map(|s| s.take().ok_or(PhotoProblem::Busy)).transpose()?;
    let decoded = DynamicImage::from_decoder(decoder).map_err(|_| PhotoProblem::Unreadable)?;
    let shrunk = if decoded.width() > MAX_SIDE || decoded.height() > MAX_SIDE {
        decoded.resize(MAX_SIDE, MAX_SIDE, FilterType::Triangle)
    } else {
        decoded
    };
    // JPEG has no transparency: transparent parts show as white, as on the tile's background.
    let rgba = shrunk.to_rgba8();
    drop(shrunk);
    let (width, height) = rgba.dimensions();
    let mut rgb = image::RgbImage::new(width, height);
    for (out, px) in rgb.pixels_mut().zip(rgba.pixels()) {
        let a = u16::from(px[3]);
        for c in 0..3 {
            out[c] = ((u16::from(px[c]) * a + 255 * (255 - a)) / 255) as u8;
        }
    }
    let mut bytes = Vec::new();
    JpegEncoder::new_with_quality(&mut bytes, JPEG_QUALITY).encode_image(&rgb).map_err(|_| PhotoProblem::Unreadable)?;
    Ok(Photo { bytes, width, height })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png(width: u32, height: u32) -> Vec<u8> {
        let img =
            image::RgbaImage::from_fn(width, height, |x, y| image::Rgba([(x % 256) as u8, (y % 256) as u8, 90, 200]));
        let mut out = Vec::new();
        image::DynamicImage::ImageRgba8(img).write_to(&mut Cursor::new(&mut out), ImageFormat::Png).unwrap();
        out
    }

    #[test]
    fn a_large_png_comes_back_as_a_smaller_jpeg() {
        let photo = convert(&png(1600, 400), None).unwrap();
        assert_eq!((photo.width, photo.height), (800, 200));
        assert_eq!(image::guess_format(&photo.bytes).unwrap(), ImageFormat::Jpeg);
        let back = image::load_from_memory(&photo.bytes).unwrap();
        assert_eq!((back.width(), back.height()), (800, 200));
    }

    #[test]
    fn what_is_not_an_image_of_ours_is_refused_by_content() {
        assert_eq!(convert(b"GIF89a\x01\x00\x01\x00", None), Err(PhotoProblem::WrongType));
        assert_eq!(convert(b"<svg xmlns='http://www.w3.org/2000/svg'/>", None), Err(PhotoProblem::WrongType));
        let mut cut = png(50, 50);
        cut.truncate(60);
        assert_eq!(convert(&cut, None), Err(PhotoProblem::Unreadable));
        let mut big = png(10, 10);
        big.resize(MAX_PHOTO_BYTES + 1, 0);
        assert_eq!(convert(&big, None), Err(PhotoProblem::TooLarge));
    }

    /// A lossless WebP of one colour stating `side` x `side` pixels: 38 bytes whatever its size
    /// (made by libwebp; its VP8L header holds the sides less one, 14 bits each).
    fn solid_webp(side: u32) -> Vec<u8> {
        let mut file = vec![
            0x52, 0x49, 0x46, 0x46, 0x1e, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x4c, 0x11, 0, 0, 0, 0x2f,
            0, 0, 0, 0, 0x07, 0x50, 0xbc, 0x22, 0x17, 0xa5, 0xff, 0x81, 0x88, 0xe8, 0x7f, 0, 0,
        ];
        let header = (side - 1) | ((side - 1) << 14);
        file[21..25].copy_from_slice(&header.to_le_bytes());
        file
    }

    #[test]
    fn a_decompression_bomb_is_refused_by_the_size_it_states() {
        assert_eq!(convert(&solid_webp(11_000), None), Err(PhotoProblem::TooManyPixels));
        assert_eq!(convert(&solid_webp(MAX_UPLOAD_SIDE + 1), None), Err(PhotoProblem::TooManyPixels));
        let largest = convert(&solid_webp(MAX_UPLOAD_SIDE), None).unwrap();
        assert_eq!((largest.width, largest.height), (MAX_SIDE, MAX_SIDE));
    }

    #[test]
    fn a_decode_over_the_slots_is_told_to_try_again_and_a_slot_comes_back() {
        let slots = DecodeSlots::new(2);
        let (a, b) = (slots.take().unwrap(), slots.take().unwrap());
        assert_eq!(slots.reencode(&png(10, 10)), Err(PhotoProblem::Busy));
        drop(a);
        assert!(slots.reencode(&png(10, 10)).is_ok());
        drop(b);
        assert_eq!(slots.taken.load(Ordering::Acquire), 0);
    }

    /// Six bombs and six of the largest photos uploaded at the same moment; each gets an answer:
    /// the bombs refused, the photos made or refused as busy, never more than two decoding.
    #[test]
    fn twelve_uploads_at_once() {
        let barrier = std::sync::Barrier::new(12);
        let results: Vec<(u32, Result<Photo, PhotoProblem>)> = std::thread::scope(|s| {
            let runs: Vec<_> = (0..12)
                .map(|i| {
                    let barrier = &barrier;
                    s.spawn(move || {
                        let side = if i % 2 == 0 { 11_000 } else { MAX_UPLOAD_SIDE };
                        let file = solid_webp(side);
                        barrier.wait();
                        (side, reencode(&file))
                    })
                })
                .collect();
            runs.into_iter().map(|r| r.join().unwrap()).collect()
        });
        for (side, result) in &results {
            match (side, result) {
                (11_000, r) => assert_eq!(r, &Err(PhotoProblem::TooManyPixels)),
                (_, Ok(p)) => assert_eq!((p.width, p.height), (MAX_SIDE, MAX_SIDE)),
                (_, r) => assert_eq!(r, &Err(PhotoProblem::Busy)),
            }
        }
        assert!(results.iter().any(|(_, r)| r.is_ok()), "one photo at least is made");
        if std::env::var_os(PEAK_PROBE).is_some() {
            println!("{PEAK_PROBE}={}", peak_rss_kib());
        }
    }

    const PEAK_PROBE: &str = "ORDERAHEAD_PEAK_RSS_PROBE";

    fn peak_rss_kib() -> u64 {
        let status = std::fs::read_to_string("/proc/self/status").unwrap();
        let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
        line.split_whitespace().nth(1).unwrap().parse().unwrap()
    }

    /// The uploads above in a process of their own, whose peak memory is theirs alone.
    #[test]
    fn twelve_uploads_at_once_stay_under_400_mb() {
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args(["--exact", "infra::images::tests::twelve_uploads_at_once", "--nocapture", "--test-threads=1"])
            .env(PEAK_PROBE, "1")
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(out.status.success(), "{text}{}", String::from_utf8_lossy(&out.stderr));
        let kib: u64 = text
            .lines()
            .find_map(|l| l.split_once(&format!("{PEAK_PROBE}=")).map(|(_, kib)| kib))
            .expect("the probe printed its peak")
            .parse()
            .unwrap();
        assert!(kib < 400 * 1024, "peak RSS {} MB", kib / 1024);
    }
}
