//! An order's code at the pantry's door: its number as the shopper's pages show it (hexadecimal,
//! upper case; `staff::find` reads it back), drawn as a QR code the check-in screen can scan.
use crate::domain::Id;
use qrcode::{EcLevel, QrCode, render::svg};

/// The number the shopper shows and the check-in screen accepts.
pub fn order_code(id: Id) -> String {
    format!("{id:X}")
}

/// The order's code as an SVG QR code (medium error correction: scanned from a phone's screen,
/// often cracked or dim); None only for a code too long for any QR version, which ids never are.
pub fn qr_svg(id: Id) -> Option<String> {
    let code = QrCode::with_error_correction_level(order_code(id).as_bytes(), EcLevel::M).ok()?;
    Some(
        code.render::<svg::Color<'_>>()
            .min_dimensions(200, 200)
            .quiet_zone(true)
            .dark_color(svg::Color("#000000"))
            .light_color(svg::Color("#ffffff"))
            .build(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_code_is_the_shown_number_and_draws_as_svg() {
        assert_eq!(order_code(500), "1F4");
        let svg = qr_svg(500).unwrap();
        assert!(svg.contains("<svg") && svg.contains("</svg>"), "{svg}");
        assert!(qr_svg(i64::MAX).is_some());
    }
}
