@_spi(Lamina) import CoreGraphics

/// The symbol images Lamina draws for `UIImage(systemName:)`: Apple's SF Symbols artwork cannot
/// be redistributed, so each commonly used name maps to the closest icon of Google's Material
/// Icons (Apache License 2.0; the font `MaterialIcons-Regular.ttf` from Debian's
/// `fonts-material-design-icons-iconfont`, installed by `scripts/setup.sh`), drawn from its
/// outline through the font's ligature for the icon's name. Names not in the table give nil, as
/// iOS gives nil for names it does not know.
///
/// Geometry [U]: an image is a square `pointSize` × 1.2 points (× 0.8 small, × 1.25 large),
/// the icon filling the middle 83%, so its ink is about the point size, as a symbol's is;
/// weights above regular thicken the outline by a stroke (lighter weights draw as regular).
enum SystemSymbols {
    /// SF Symbols names and the Material Icons that stand in for them.
    static let names: [String: String] = [
        "plus": "add", "minus": "remove", "xmark": "close", "checkmark": "check",
        "plus.circle": "add_circle_outline", "plus.circle.fill": "add_circle",
        "minus.circle": "remove_circle_outline", "minus.circle.fill": "remove_circle",
        "xmark.circle": "highlight_off", "xmark.circle.fill": "cancel",
        "checkmark.circle": "check_circle_outline", "checkmark.circle.fill": "check_circle",
        "chevron.left": "chevron_left", "chevron.right": "chevron_right",
        "chevron.up": "expand_less", "chevron.down": "expand_more",
        "arrow.left": "arrow_back", "arrow.right": "arrow_forward", "arrow.up": "arrow_upward", "arrow.down": "arrow_downward",
        "arrow.clockwise": "refresh", "arrow.counterclockwise": "undo", "arrow.uturn.backward": "undo",
        "arrow.uturn.forward": "redo", "arrow.triangle.2.circlepath": "sync",
        "gear": "settings", "gearshape": "settings", "gearshape.fill": "settings",
        "house": "home", "house.fill": "home", "person": "person_outline", "person.fill": "person",
        "person.circle": "account_circle", "person.circle.fill": "account_circle", "person.crop.circle": "account_circle",
        "person.crop.circle.fill": "account_circle", "person.crop.square": "account_box", "person.crop.square.fill": "account_box",
        "person.2": "people_outline",
        "person.2.fill": "people", "star": "star_border", "star.fill": "star", "star.leadinghalf.filled": "star_half",
        "heart": "favorite_border", "heart.fill": "favorite", "trash": "delete_outline", "trash.fill": "delete",
        "pencil": "edit", "square.and.pencil": "edit_note", "square.and.arrow.up": "ios_share",
        "square.and.arrow.down": "file_download", "magnifyingglass": "search", "bell": "notifications_none",
        "bell.fill": "notifications", "bell.slash": "notifications_off", "envelope": "mail_outline", "envelope.fill": "mail",
        "phone": "phone", "phone.fill": "phone", "camera": "photo_camera", "camera.fill": "photo_camera",
        "photo": "image", "photo.on.rectangle": "photo_library", "play": "play_arrow", "play.fill": "play_arrow",
        "pause": "pause", "pause.fill": "pause", "stop": "stop", "stop.fill": "stop",
        "forward.fill": "fast_forward", "backward.fill": "fast_rewind", "forward.end.fill": "skip_next",
        "backward.end.fill": "skip_previous", "speaker.wave.2": "volume_up", "speaker.wave.2.fill": "volume_up",
        "speaker.slash": "volume_off", "speaker.slash.fill": "volume_off", "mic": "mic_none", "mic.fill": "mic",
        "mic.slash": "mic_off", "info.circle": "info_outline", "info.circle.fill": "info",
        "exclamationmark.triangle": "warning_amber", "exclamationmark.triangle.fill": "warning",
        "exclamationmark.circle": "error_outline", "exclamationmark.circle.fill": "error",
        "questionmark.circle": "help_outline", "questionmark.circle.fill": "help",
        "ellipsis": "more_horiz", "ellipsis.circle": "more_horiz", "line.3.horizontal": "menu",
        "line.3.horizontal.decrease": "filter_list", "list.bullet": "format_list_bulleted", "square.grid.2x2": "grid_view",
        "lock": "lock_outline", "lock.fill": "lock", "lock.open": "lock_open", "key": "vpn_key", "cart": "shopping_cart",
        "cart.fill": "shopping_cart", "bag": "shopping_bag", "creditcard": "credit_card", "calendar": "calendar_today",
        "clock": "schedule", "clock.fill": "schedule", "alarm": "alarm", "timer": "timer", "folder": "folder_open",
        "folder.fill": "folder", "doc": "description", "doc.text": "description", "doc.on.doc": "content_copy",
        "paperclip": "attach_file", "link": "link", "paperplane": "send", "paperplane.fill": "send",
        "bookmark": "bookmark_border", "bookmark.fill": "bookmark", "flag": "outlined_flag", "flag.fill": "flag",
        "location": "near_me", "location.fill": "near_me", "map": "map", "mappin": "place", "mappin.and.ellipse": "place",
        "globe": "language", "wifi": "wifi", "antenna.radiowaves.left.and.right": "cell_tower",
        "battery.100": "battery_full", "battery.25": "battery_2_bar", "bolt": "bolt", "bolt.fill": "bolt",
        "sun.max": "wb_sunny", "sun.max.fill": "wb_sunny", "moon": "dark_mode", "moon.fill": "dark_mode",
        "cloud": "cloud_queue", "cloud.fill": "cloud", "cloud.rain": "umbrella", "eye": "visibility",
        "eye.slash": "visibility_off", "hand.thumbsup": "thumb_up_off_alt", "hand.thumbsup.fill": "thumb_up",
        "hand.thumbsdown": "thumb_down_off_alt", "hand.thumbsdown.fill": "thumb_down", "bubble.left": "chat_bubble_outline",
        "bubble.left.fill": "chat_bubble", "message": "message", "message.fill": "message", "tag": "local_offer",
        "tag.fill": "local_offer", "gift": "card_giftcard", "cube": "view_in_ar", "wrench": "build", "hammer": "handyman",
        "printer": "print", "tv": "tv", "desktopcomputer": "desktop_windows", "laptopcomputer": "laptop",
        "iphone": "smartphone", "keyboard": "keyboard", "music.note": "music_note", "film": "movie",
        "gamecontroller": "sports_esports", "car": "directions_car", "airplane": "flight", "bicycle": "directions_bike",
        "figure.walk": "directions_walk", "cup.and.saucer": "local_cafe", "fork.knife": "restaurant",
        "leaf": "eco", "flame": "local_fire_department", "drop": "water_drop", "square.and.arrow.up.on.square": "ios_share",
        "rectangle.portrait.and.arrow.right": "logout", "power": "power_settings_new", "qrcode": "qr_code",
        "barcode": "qr_code_scanner", "chart.bar": "bar_chart", "chart.pie": "pie_chart", "percent": "percent",
        "dollarsign.circle": "monetization_on", "textformat": "text_fields", "bold": "format_bold", "italic": "format_italic",
        "underline": "format_underlined", "square": "crop_square", "circle": "radio_button_unchecked",
        "circle.fill": "circle", "largecircle.fill.circle": "radio_button_checked", "checkmark.square": "check_box",
        "square.fill": "stop", "plus.square": "add_box", "slider.horizontal.3": "tune", "line.horizontal.3": "menu",
    ]

    nonisolated(unsafe) private static var cachedFont: CGFont??
    private static let lock = NSLock()

    /// The Material Icons font, when installed.
    static var font: CGFont? {
        lock.lock(); defer { lock.unlock() }
        if let f = cachedFont { return f }
        let f = try? CGFont.named("Material Icons")
        cachedFont = .some(f)
        return f
    }

    /// The icon's glyph for an SF Symbols name, or nil when the name is not in the table (or
    /// the font lacks the icon).
    static func glyph(for name: String) -> (font: CGFont, glyph: CGGlyph)? {
        guard let icon = names[name], let font else { return nil }
        let scalars = Array(icon.unicodeScalars)
        let shaped = font.shape(scalars, range: 0..<scalars.count, rightToLeft: false, script: TextScript.of("a"))
        guard shaped.count == 1, let g = shaped.first, let outline = font.path(for: g.glyph), !outline.isEmpty else { return nil }
        return (font, g.glyph)
    }

    /// The side of a symbol image in points for a configuration.
    static func side(_ c: UIImage.SymbolConfiguration?) -> CGFloat {
        let scale: CGFloat = switch c?.scale {
        case .small: 0.8
        case .large: 1.25
        default: 1
        }
        return pointSize(c) * 1.2 * scale
    }

    /// The point size of the font a symbol image goes with: the configuration's, its text
    /// style's, else 17 (at most 4096).
    static func pointSize(_ c: UIImage.SymbolConfiguration?) -> CGFloat {
        var size = c?.pointSize ?? 0
        if size <= 0, let style = c?.textStyle { size = UIFont.preferredFont(forTextStyle: style).pointSize }
        if size <= 0 { size = 17 }
        return min(size, 4096)
    }

    /// The icon as a vector: its outline in a square of unit side (y down, the em square of the
    /// font filling it, the baseline at the bottom) and how much heavier than regular it is drawn.
    static func vector(font: CGFont, glyph: CGGlyph, weight: UIImage.SymbolConfiguration.Weight) -> SymbolVector? {
        guard let outline = font.path(for: glyph), !outline.isEmpty else { return nil }
        // Font units (y up) to the unit square (y down).
        let k = 1 / CGFloat(max(1, font.unitsPerEm))
        let path = CGMutablePath()
        path.addPath(outline, transform: CGAffineTransform(a: k, b: 0, c: 0, d: -k, tx: 0, ty: 1))
        let heavier = max(0, weight.rawValue - UIImage.SymbolConfiguration.Weight.regular.rawValue)
        return SymbolVector(path: path, strokeWidth: 0.012 * CGFloat(heavier))
    }

    /// The icon drawn black on transparent, `side` points square at `pixelsPerPoint`.
    static func image(_ vector: SymbolVector, side: CGFloat, pixelsPerPoint: CGFloat) -> CGImage? {
        let px = Int((side * pixelsPerPoint).rounded(.up))
        guard px > 0, px <= 16_384,
              let ctx = CGContext(data: nil, width: px, height: px, bitsPerComponent: 8, bytesPerRow: px * 4,
                                  space: CGColorSpaceCreateDeviceRGB(), bitmapInfo: CGImageAlphaInfo.premultipliedLast.rawValue)
        else { return nil }
        // A y-down context whose unit square is the image.
        ctx.translateBy(x: 0, y: CGFloat(px))
        ctx.scaleBy(x: CGFloat(px), y: -CGFloat(px))
        vector.fill(in: ctx, color: CGColor(gray: 0, alpha: 1))
        return ctx.makeImage()
    }
}

/// A symbol's outline, kept so it is drawn at the size it is shown (as iOS draws symbol images,
/// which are vectors): in a square of unit side, y down.
struct SymbolVector: @unchecked Sendable {
    let path: CGPath
    /// The stroke added around the outline for weights above regular, in units of the side.
    let strokeWidth: CGFloat

    /// Fills the outline into the unit square of `ctx`'s user space in `color`.
    func fill(in ctx: CGContext, color: CGColor) {
        ctx.saveGState()
        ctx.setFillColor(color)
        ctx.addPath(path)
        ctx.fillPath()
        if strokeWidth > 0 {
            ctx.setStrokeColor(color)
            ctx.setLineWidth(strokeWidth)
            ctx.setLineJoin(.round)
            ctx.addPath(path)
            ctx.strokePath()
        }
        ctx.restoreGState()
    }

    /// Draws the outline into `rect` of a y-down context.
    func draw(in rect: CGRect, of ctx: CGContext, color: CGColor) {
        guard rect.width > 0, rect.height > 0, rect.isFinite else { return }
        ctx.saveGState()
        ctx.translateBy(x: rect.minX, y: rect.minY)
        ctx.scaleBy(x: rect.width, y: rect.height)
        fill(in: ctx, color: color)
        ctx.restoreGState()
    }
}
