import CX11
import Glibc

/// HarfBuzz, the text shaper GTK, Qt and Chrome use, loaded with `dlopen` the first time text
/// needs shaping: plain left-to-right text never loads it, so start-up pays nothing for it.
///
/// Only the functions below are used, through the C signatures of HarfBuzz's stable ABI
/// (`hb.h`, `hb-ft.h`; stable since 1.0). Glyph records are read at their documented offsets:
/// `hb_glyph_info_t` is 20 bytes with the cluster at 8, `hb_glyph_position_t` 20 bytes with the
/// x advance, y advance, x offset and y offset at 0, 4, 8 and 12.
final class HarfBuzz {
    /// One shaped glyph: its index in the font, the UTF-8 offset of the first character of its
    /// cluster, and its advance and offsets in 26.6 fixed-point pixels (y up).
    struct Glyph {
        var index: UInt32
        var cluster: Int
        var xAdvance: Int32
        var xOffset: Int32
        var yOffset: Int32
    }

    private typealias CreateBuffer = @convention(c) () -> OpaquePointer?
    private typealias DestroyBuffer = @convention(c) (OpaquePointer?) -> Void
    private typealias AddUTF8 = @convention(c) (OpaquePointer?, UnsafePointer<UInt8>?, Int32, UInt32, Int32) -> Void
    private typealias SetDirection = @convention(c) (OpaquePointer?, UInt32) -> Void
    private typealias GuessProperties = @convention(c) (OpaquePointer?) -> Void
    private typealias Shape = @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeRawPointer?, UInt32) -> Void
    private typealias GlyphArray = @convention(c) (OpaquePointer?, UnsafeMutablePointer<UInt32>?) -> UnsafeMutableRawPointer?
    private typealias CreateFont = @convention(c) (UnsafeMutableRawPointer?) -> OpaquePointer?
    private typealias FontChanged = @convention(c) (OpaquePointer?) -> Void

    private let createBuffer: CreateBuffer
    private let destroyBuffer: DestroyBuffer
    private let clearBuffer: DestroyBuffer
    private let addUTF8: AddUTF8
    private let setDirection: SetDirection
    private let guessProperties: GuessProperties
    private let shapeBuffer: Shape
    private let glyphInfos: GlyphArray
    private let glyphPositions: GlyphArray
    private let createFont: CreateFont
    private let fontChanged: FontChanged
    /// The one buffer every shaping reuses (the run loop shapes on one thread).
    private let buffer: OpaquePointer
    /// HarfBuzz's font for each Xft font shaped with, made once.
    ///
    /// Keyed by the Xft font's address: nothing closes an Xft font while the program runs, so an
    /// address names one font for good (closing fonts would have to drop their entries here).
    private var fonts: [UnsafeMutablePointer<XftFont>: OpaquePointer] = [:]

    /// The library, loaded on first use; nil when it is not installed (text is then drawn
    /// unshaped, as before, and one line on standard error says so).
    nonisolated(unsafe) static let shared: HarfBuzz? = {
        if let loaded = HarfBuzz() { return loaded }
        writeErrorLine("tapaway: libharfbuzz.so.0 could not be loaded; complex scripts and emoji sequences show unshaped")
        return nil
    }()

    private init?() {
        guard let library = dlopen("libharfbuzz.so.0", RTLD_LAZY | RTLD_LOCAL) else { return nil }
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            guard let pointer = dlsym(library, name) else { return nil }
            return unsafeBitCast(pointer, to: type)
        }
        guard let createBuffer = symbol("hb_buffer_create", as: CreateBuffer.self),
            let destroyBuffer = symbol("hb_buffer_destroy", as: DestroyBuffer.self),
            let clearBuffer = symbol("hb_buffer_clear_contents", as: DestroyBuffer.self),
            let addUTF8 = symbol("hb_buffer_add_utf8", as: AddUTF8.self),
            let setDirection = symbol("hb_buffer_set_direction", as: SetDirection.self),
            let guessProperties = symbol("hb_buffer_guess_segment_properties", as: GuessProperties.self),
            let shapeBuffer = symbol("hb_shape", as: Shape.self),
            let glyphInfos = symbol("hb_buffer_get_glyph_infos", as: GlyphArray.self),
            let glyphPositions = symbol("hb_buffer_get_glyph_positions", as: GlyphArray.self),
            let createFont = symbol("hb_ft_font_create_referenced", as: CreateFont.self),
            let fontChanged = symbol("hb_ft_font_changed", as: FontChanged.self),
            let buffer = createBuffer()
        else {
            dlclose(library)
            return nil
        }
        self.createBuffer = createBuffer
        self.destroyBuffer = destroyBuffer
        self.clearBuffer = clearBuffer
        self.addUTF8 = addUTF8
        self.setDirection = setDirection
        self.guessProperties = guessProperties
        self.shapeBuffer = shapeBuffer
        self.glyphInfos = glyphInfos
        self.glyphPositions = glyphPositions
        self.createFont = createFont
        self.fontChanged = fontChanged
        self.buffer = buffer
    }

    /// Shapes the bytes `item` of the UTF-8 `text` (the rest is context, so Arabic joins across a
    /// change of font) in `font`, right to left or not.
    ///
    /// The glyphs come left to right on screen; their clusters are offsets in `text`.
    func shape(
        _ text: UnsafeBufferPointer<UInt8>, item: Range<Int>, rightToLeft: Bool, font: UnsafeMutablePointer<XftFont>
    ) -> [Glyph] {
        guard let face = XftLockFace(font) else { return [] }
        defer { XftUnlockFace(font) }
        let hbFont: OpaquePointer
        if let known = fonts[font] {
            // Fonts of one file share a FreeType face, sized for the font that locked it last.
            fontChanged(known)
            hbFont = known
        } else {
            guard let made = createFont(UnsafeMutableRawPointer(face)) else { return [] }
            fonts[font] = made
            hbFont = made
        }
        clearBuffer(buffer)
        addUTF8(buffer, text.baseAddress, Int32(text.count), UInt32(item.lowerBound), Int32(item.count))
        // HB_DIRECTION_LTR is 4, HB_DIRECTION_RTL 5; script and language are guessed.
        setDirection(buffer, rightToLeft ? 5 : 4)
        guessProperties(buffer)
        shapeBuffer(hbFont, buffer, nil, 0)
        var count: UInt32 = 0
        guard let infos = glyphInfos(buffer, &count), let positions = glyphPositions(buffer, nil) else { return [] }
        var glyphs: [Glyph] = []
        glyphs.reserveCapacity(Int(count))
        for i in 0..<Int(count) {
            let info = infos + i * 20
            let position = positions + i * 20
            glyphs.append(
                Glyph(
                    index: info.loadUnaligned(as: UInt32.self),
                    cluster: Int(info.loadUnaligned(fromByteOffset: 8, as: UInt32.self)),
                    xAdvance: position.loadUnaligned(as: Int32.self),
                    xOffset: position.loadUnaligned(fromByteOffset: 8, as: Int32.self),
                    yOffset: position.loadUnaligned(fromByteOffset: 12, as: Int32.self)))
        }
        return glyphs
    }
}
