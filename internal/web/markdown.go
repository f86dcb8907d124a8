package web

import (
	"html"
	"html/template"
	"regexp"
	"strings"
	"unicode"
)

// The guide (docs/guide.md) is written in a small subset of Markdown that
// markdownHTML turns into HTML, so that the server shows it with no
// Markdown library: "#" to "###" headings, paragraphs, "-" and "1." lists
// (one line per item), commands indented by four spaces, a picture alone
// on its line as
// "![text](guide/x.png)", and inside a line **bold**, `code` and
// [links](/page). Everything else is text, escaped.

var (
	mdImage   = regexp.MustCompile(`^!\[([^\]]*)\]\(([^)\s]+)\)$`)
	mdOrdered = regexp.MustCompile(`^\d+\. `)
	mdLink    = regexp.MustCompile(`\[([^\]]+)\]\(([^)\s]+)\)`)
	mdBold    = regexp.MustCompile(`\*\*([^*]+)\*\*`)
	mdCode    = regexp.MustCompile("`([^`]+)`")
)

// markdownHTML renders the guide's Markdown as HTML. Only relative and
// same-site addresses become links or pictures: a guide cannot point a
// reader's browser elsewhere.
func markdownHTML(src string) template.HTML {
	var b strings.Builder
	list := "" // "ul" or "ol" while a list is open
	para, code := []string{}, []string{}
	flush := func() {
		if len(code) > 0 {
			b.WriteString("<pre><code>" + html.EscapeString(strings.Join(code, "\n")) + "</code></pre>\n")
			code = code[:0]
		}
		if len(para) > 0 {
			b.WriteString("<p>" + strings.Join(para, " ") + "</p>\n")
			para = para[:0]
		}
		if list != "" {
			b.WriteString("</" + list + ">\n")
			list = ""
		}
	}
	openList := func(kind string) {
		if len(para) > 0 || (list != "" && list != kind) {
			flush()
		}
		if list == "" {
			b.WriteString("<" + kind + ">\n")
			list = kind
		}
	}
	for _, raw := range strings.Split(strings.ReplaceAll(src, "\r\n", "\n"), "\n") {
		line := strings.TrimSpace(raw)
		if strings.HasPrefix(raw, "    ") && line != "" && len(para) == 0 && list == "" {
			code = append(code, raw[4:])
			continue
		}
		if len(code) > 0 {
			flush()
		}
		switch {
		case line == "":
			flush()
		case strings.HasPrefix(line, "#"):
			flush()
			level := len(line) - len(strings.TrimLeft(line, "#"))
			level = min(level, 3)
			text := strings.TrimSpace(strings.TrimLeft(line, "#"))
			tag := "h" + string(rune('0'+level))
			b.WriteString("<" + tag + " id=\"" + anchor(text) + "\">" + inline(text) + "</" + tag + ">\n")
		case mdImage.MatchString(line):
			flush()
			m := mdImage.FindStringSubmatch(line)
			if local(m[2]) {
				b.WriteString(`<figure><img src="` + html.EscapeString(m[2]) + `" alt="` + html.EscapeString(m[1]) + `"><figcaption>` + html.EscapeString(m[1]) + "</figcaption></figure>\n")
			}
		case strings.HasPrefix(line, "- "):
			openList("ul")
			b.WriteString("<li>" + inline(line[2:]) + "</li>\n")
		case mdOrdered.MatchString(line):
			openList("ol")
			b.WriteString("<li>" + inline(mdOrdered.ReplaceAllString(line, "")) + "</li>\n")
		default:
			if list != "" {
				flush()
			}
			para = append(para, inline(line))
		}
	}
	flush()
	return template.HTML(b.String())
}

// inline escapes a line and then renders its code, bold and links.
func inline(s string) string {
	s = html.EscapeString(s)
	s = mdCode.ReplaceAllString(s, "<code>$1</code>")
	s = mdBold.ReplaceAllString(s, "<strong>$1</strong>")
	return mdLink.ReplaceAllStringFunc(s, func(m string) string {
		p := mdLink.FindStringSubmatch(m)
		if !local(html.UnescapeString(p[2])) {
			return p[1]
		}
		return `<a href="` + p[2] + `">` + p[1] + `</a>`
	})
}

// local says whether an address stays on this server: a path, or a
// fragment, never a scheme nor another host.
func local(addr string) bool {
	return !strings.Contains(addr, ":") && !strings.HasPrefix(addr, "//") && !strings.HasPrefix(addr, `\`)
}

// anchor makes a heading's id: lower case letters and digits joined by dashes.
func anchor(text string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(text) {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			b.WriteRune(r)
			dash = false
		} else {
			dash = true
		}
	}
	return b.String()
}
