# Turns the page swift-argument-parser's generate-manual writes into one `mandoc -Tlint` accepts
# without a word, and gives it the sections the generator cannot write.
#
#   awk -f packaging/manpage.awk -v sections=packaging/tapaway.1.sections generated.1 > tapaway.1
#
# - The subcommand is optional in the synopsis: `tapaway` alone opens the window.
# - The one-line description loses its quotes (whatis and apropos would show them) and its
#   trailing full stop, as mdoc wants.
# - Long text lines are broken after each sentence and then at spaces before 80 columns (roff
#   fills them again, so the rendered page is the same); a piece that would start a line with
#   a control character is protected with \&.
# - A paragraph break right before a list item or the end of a list goes (mdoc skips it anyway).
# - Everything from the generator's EXIT STATUS on (a generic "exits 0 on success") is replaced
#   by the file `sections`: KEYS, ENVIRONMENT, FILES, EXIT STATUS with every status the
#   program uses, SEE ALSO.

function emit(text,    line, cut) {
    while (length(text) > 78) {
        cut = 0
        for (i = 78; i > 1; i--) if (substr(text, i, 1) == " ") { cut = i; break }
        if (cut == 0) break
        emitLine(substr(text, 1, cut - 1))
        text = substr(text, cut + 1)
    }
    emitLine(text)
}
function emitLine(text) {
    if (text == "") return
    if (text ~ /^[.']/) text = "\\&" text
    flush(text)
}
function flush(line) {
    if (held != "") {
        if (!(held == ".Pp" && (line ~ /^\.It( |$)/ || line == ".El"))) print held
        held = ""
    }
    if (line == ".Pp") { held = line; return }
    print line
}

/^\.Sh "EXIT STATUS"/ { done = 1 }
done { next }
/^\.Nd / { sub(/^\.Nd "/, ".Nd "); sub(/\.?"$/, ""); flush($0); next }
/^\.Ar subcommand$/ { flush(".Op Ar subcommand"); next }
/^\./ { flush($0); next }
{
    # One sentence a line: split after . ? ! (a closing bracket or quote may follow) and a space.
    text = $0
    while (match(text, /[.?!][)"']? [^ ]/)) {
        emit(substr(text, 1, RSTART + RLENGTH - 3))
        text = substr(text, RSTART + RLENGTH - 1)
    }
    emit(text)
}
END {
    if (held != "") print held
    while ((getline line < sections) > 0) print line
    close(sections)
}
