import Foundation
import UIKit

extension Gallery {
    static let form = GalleryEntry(
        "uikit-form", section: .layers, title: "A form: text fields, a text view, a search field over a blurred header",
        caption: "A sign-up screen. A header of UIVisualEffectView (systemMaterial) blurs the coloured shapes scrolled under "
            + "it and holds a search field; below, rounded text fields (a placeholder, a clear button, secure entry as "
            + "bullets) and a UITextView with attributed text. From 0.4 s the email field takes the focus and the address is "
            + "typed through insertText, as the keyboard would; then part of it is selected. The caret blinks only in a "
            + "window on screen, so frames are still.",
        size: CGSize(width: 360, height: 460), output: .animation(duration: 2.4)
    ) { stage in
        let window = stage.window
        window.backgroundColor = .systemGroupedBackground
        // gallery:begin uikit-form
        // Colourful content, scrolled under the header.
        let colours: [UIColor] = [.systemPink, .systemOrange, .systemTeal, .systemIndigo, .systemGreen]
        for k in 0..<5 {
            let blob = UIView(frame: CGRect(x: CGFloat(k) * 80 - 20, y: CGFloat(k % 2) * 40 + 10, width: 110, height: 110))
            blob.backgroundColor = colours[k]
            blob.layer.cornerRadius = 55
            window.addSubview(blob)
        }
        let header = UIVisualEffectView(effect: UIBlurEffect(style: .systemMaterial))
        header.frame = CGRect(x: 0, y: 0, width: 360, height: 150)
        window.addSubview(header)
        let title = UILabel(frame: CGRect(x: 20, y: 30, width: 320, height: 40))
        title.text = "Sign up"
        title.font = .boldSystemFont(ofSize: 32)
        header.contentView.addSubview(title)
        let search = UITextField(frame: CGRect(x: 16, y: 90, width: 328, height: 36))
        search.placeholder = "Search"
        search.backgroundColor = UIColor.tertiarySystemFill
        search.layer.cornerRadius = 10
        let glass = UIImageView(image: UIImage(systemName: "magnifyingglass"))
        glass.tintColor = .secondaryLabel
        glass.frame = CGRect(x: 0, y: 0, width: 32, height: 20)
        glass.contentMode = .center
        search.leftView = glass
        search.leftViewMode = .always
        header.contentView.addSubview(search)

        @MainActor func field(_ y: CGFloat, _ configure: (UITextField) -> Void) -> UITextField {
            let f = UITextField(frame: CGRect(x: 16, y: y, width: 328, height: 40))
            f.borderStyle = .roundedRect
            f.font = .systemFont(ofSize: 17)
            configure(f)
            window.addSubview(f)
            return f
        }
        _ = field(166) { $0.text = "Ada Lovelace"; $0.clearButtonMode = .always }
        let email = field(216) { $0.placeholder = "Email"; $0.keyboardType = .emailAddress }
        _ = field(266) { $0.text = "correct horse"; $0.isSecureTextEntry = true }
        let notes = UITextView(frame: CGRect(x: 16, y: 318, width: 328, height: 124))
        notes.layer.cornerRadius = 10
        let text = NSMutableAttributedString(string: "About you\n", attributes: [.font: UIFont.boldSystemFont(ofSize: 17)])
        text.append(NSAttributedString(string: "Text views wrap, scroll and keep attributed runs: ",
                                       attributes: [.font: UIFont.systemFont(ofSize: 15), .foregroundColor: UIColor.label]))
        text.append(NSAttributedString(string: "bold, ", attributes: [.font: UIFont.boldSystemFont(ofSize: 15)]))
        text.append(NSAttributedString(string: "coloured", attributes: [.font: UIFont.systemFont(ofSize: 15),
                                                                       .foregroundColor: UIColor.systemIndigo]))
        text.append(NSAttributedString(string: " and underlined.", attributes: [.font: UIFont.systemFont(ofSize: 15),
                                                                               .underlineStyle: NSUnderlineStyle.single.rawValue]))
        notes.attributedText = text
        window.addSubview(notes)
        // gallery:end
        let address = Array("ada@example.com")
        stage.at(0.4) {
            // gallery:begin uikit-form
            // Later: the email field takes the focus and the address is typed, a key at a time.
            email.becomeFirstResponder()
            // gallery:end
        }
        for (k, c) in address.enumerated() {
            stage.at(0.5 + Double(k) * 0.08) { email.insertText(String(c)) }
        }
        stage.at(2.0) {
            // The domain selected.
            if let start = email.position(from: email.beginningOfDocument, offset: 4) {
                email.selectedTextRange = email.textRange(from: start, to: email.endOfDocument)
            }
        }
    }
}
