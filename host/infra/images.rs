//! Uploaded photos, made safe to serve: checked by content (the first bytes name JPEG, PNG or
//! WebP, and the whole file decodes as that within size limits), then decoded, shrunk to at most
//! [`MAX_SIDE`] pixels on the longer side and encoded again as JPEG. What is served is always our
//! own encoding: no metadata (location, camera), no trailing bytes, no polyglot file survives.
use image::{ImageFormat, ImageReader, Limits, codecs::jpeg::JpegEncoder, imageops::FilterType};
use std::io::Cursor;

/// The largest upload accepted.
pub const MAX_PHOTO_BYTES: usize = 5 * 1024 * 1024;
/// The longer side of a stored photo: a product tile is at most ~400 CSS px wide (2x screens).
pub const MAX_SIDE: u32 = 800;
/// Pixels a decoded upload may have: a phone's 48 MP photo fits; a decompression bomb does not.
const MAX_PIXELS_SIDE: u32 = 12_000;
const MAX_DECODE_BYTES: u64 = 512 << 20;
const JPEG_QUALITY: u8 = 82;

/// Why an upload is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PhotoProblem {
    /// Over [`MAX_PHOTO_BYTES`].
    TooLarge,
    /// Its bytes are not a JPEG, PNG or WebP image (whatever its name or declared type says).
    WrongType,
    /// It starts like one but does not decode (truncated, corrupt, too many pixels).
    Unreadable,
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

/// The upload's format by its first bytes, if it is one we take.
pub fn sniff(upload: &[u8]) -> Option<ImageFormat> {
    match image::guess_format(upload).ok()? {
        f @ (ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP) => Some(f),
        _ => None,
    }
}

/// Checks, decodes, shrinks and re-encodes an upload (CPU-bound: call it off the async threads).
pub fn reencode(upload: &[u8]) -> Result<Photo, PhotoProblem> {
    if upload.len() > MAX_PHOTO_BYTES {
        return Err(PhotoProblem::TooLarge);
    }
    let format = sniff(upload).ok_or(PhotoProblem::WrongType)?;
    let mut reader = ImageReader::with_format(Cursor::new(upload), format);
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_PIXELS_SIDE);
    limits.max_image_height = Some(MAX_PIXELS_SIDE);
    limits.max_alloc = Some(MAX_DECODE_BYTES);
    reader.limits(limits);
    let decoded = reader.decode().map_err(|_| PhotoProblem::Unreadable)?;
    let shrunk = if decoded.width() > MAX_SIDE || decoded.height() > MAX_SIDE {
        decoded.resize(MAX_SIDE, MAX_SIDE, FilterType::Triangle)
    } else {
        decoded
    };
    // JPEG has no transparency: transparent parts show as white, as on the tile's background.
    let rgba = shrunk.to_rgba8();
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
        let photo = reencode(&png(1600, 400)).unwrap();
        assert_eq!((photo.width, photo.height), (800, 200));
        assert_eq!(image::guess_format(&photo.bytes).unwrap(), ImageFormat::Jpeg);
        let back = image::load_from_memory(&photo.bytes).unwrap();
        assert_eq!((back.width(), back.height()), (800, 200));
    }

    #[test]
    fn what_is_not_an_image_of_ours_is_refused_by_content() {
        assert_eq!(reencode(b"GIF89a\x01\x00\x01\x00"), Err(PhotoProblem::WrongType));
        assert_eq!(reencode(b"<svg xmlns='http://www.w3.org/2000/svg'/>"), Err(PhotoProblem::WrongType));
        let mut cut = png(50, 50);
        cut.truncate(60);
        assert_eq!(reencode(&cut), Err(PhotoProblem::Unreadable));
        let mut big = png(10, 10);
        big.resize(MAX_PHOTO_BYTES + 1, 0);
        assert_eq!(reencode(&big), Err(PhotoProblem::TooLarge));
    }
}
