package eventfile

import (
	"fmt"
	"reflect"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"loto/internal/loto"
)

// problem is one mistake (or warning) in the event file, at a path such as
// "programme[3].stages[1].prize.kind".
type problem struct {
	path string
	msg  string
}

// problems collects the mistakes of a file with the line of each path, so
// that the organiser is told every mistake at once and where it is.
type problems struct {
	lines map[string]int
	list  []problem
	color func(string) error // checks a series' colour; nil checks none
}

func (p *problems) add(path, format string, args ...any) {
	p.list = append(p.list, problem{path: path, msg: fmt.Sprintf(format, args...)})
}

// line finds the line of path, or of its nearest ancestor present in the file.
func (p *problems) line(path string) int {
	for path != "" {
		if l, ok := p.lines[path]; ok {
			return l
		}
		i := strings.LastIndexAny(path, ".[")
		if i < 0 {
			break
		}
		path = path[:i]
	}
	return p.lines[""]
}

// strings renders each problem as "ligne N, path : message".
func (p *problems) strings() []string {
	out := make([]string, 0, len(p.list))
	for _, m := range p.mistakes() {
		out = append(out, m.String())
	}
	return out
}

// mistakes lists every problem with its line.
func (p *problems) mistakes() []Mistake {
	out := make([]Mistake, 0, len(p.list))
	for _, pr := range p.list {
		out = append(out, Mistake{Line: p.line(pr.path), Path: pr.path, Message: pr.msg})
	}
	return out
}

// maxListed is how many mistakes a refusal lists.
const maxListed = 30

// err is nil without problems, else an invalid *Error listing them all.
func (p *problems) err() error {
	if len(p.list) == 0 {
		return nil
	}
	lines := p.strings()
	head := "le fichier de l'événement contient une erreur"
	if len(lines) > 1 {
		head = fmt.Sprintf("le fichier de l'événement contient %d erreurs", len(lines))
	}
	// A file of a thousand mistakes is fixed from its first ones.
	if len(lines) > maxListed {
		lines = append(lines[:maxListed], fmt.Sprintf("... et %d autres", len(lines)-maxListed))
	}
	e := &loto.Error{Code: loto.EInvalid, Message: head + " :\n  " + strings.Join(lines, "\n  ")}
	mistakes := make([]Mistake, 0, len(p.list))
	for i, pr := range p.list {
		mistakes = append(mistakes, Mistake{Line: p.line(pr.path), Path: pr.path, Message: pr.msg})
		if i+1 == maxListed {
			break
		}
	}
	return &fileError{err: e, mistakes: mistakes}
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// firstAlias finds the first alias (*name) of a YAML tree, nil without one.
// Aliases are refused before anything walks the tree: a few kilobytes of
// aliases of aliases expand to gigabytes.
func firstAlias(n *yaml.Node) *yaml.Node {
	if n.Kind == yaml.AliasNode {
		return n
	}
	for _, c := range n.Content {
		if a := firstAlias(c); a != nil {
			return a
		}
	}
	return nil
}

// textMax is the bound of a text field by its `text` tag: a name (a desk),
// a note, a break's label (as loto.Day.StartBreak bounds it), else a title.
func textMax(f reflect.StructField) int {
	switch f.Tag.Get("text") {
	case "name":
		return loto.MaxName
	case "note":
		return loto.MaxNote
	case "break":
		return 60
	}
	return loto.MaxTitle
}

// checkNode walks a YAML node against the Go type it will decode into. It
// records the line of every path and names, in French, unknown keys,
// scalars of the wrong type (which the YAML decoder would report in English
// or, for unknown keys, not at all) and texts that are too long or hold a
// control character (loto.CheckText); max bounds a text at this place.
func checkNode(p *problems, n *yaml.Node, t reflect.Type, path string, max int) {
	if n.Kind == yaml.DocumentNode {
		if len(n.Content) == 0 {
			return
		}
		n = n.Content[0]
	}
	if _, seen := p.lines[path]; !seen {
		p.lines[path] = n.Line
	}
	if n.ShortTag() == "!!null" {
		return
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct:
		if n.Kind != yaml.MappingNode {
			p.add(path, "une table de champs est attendue")
			return
		}
		fields := map[string]reflect.StructField{}
		var names []string
		for i := range t.NumField() {
			tag, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ",")
			if tag != "" && tag != "-" {
				fields[tag] = t.Field(i)
				names = append(names, tag)
			}
		}
		sort.Strings(names)
		given := map[string]int{} // a field's line, to refuse it twice
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			f, ok := fields[k.Value]
			if !ok {
				kp := join(path, loto.Shown(k.Value))
				p.lines[kp] = k.Line
				p.add(kp, "champ inconnu (champs possibles : %s)", strings.Join(names, ", "))
				continue
			}
			kp := join(path, k.Value)
			if first, twice := given[k.Value]; twice {
				p.add(kp, "champ donné deux fois, lignes %d et %d : n'en garder qu'un", first, k.Line)
				continue
			}
			given[k.Value] = k.Line
			p.lines[kp] = k.Line
			checkNode(p, v, f.Type, kp, textMax(f))
		}
	case reflect.Slice:
		if n.Kind != yaml.SequenceNode {
			p.add(path, "une liste est attendue")
			return
		}
		for i, c := range n.Content {
			checkNode(p, c, t.Elem(), fmt.Sprintf("%s[%d]", path, i), max)
		}
	case reflect.String:
		if n.Kind != yaml.ScalarNode {
			p.add(path, "un texte est attendu")
		} else if !decodes(n, t) {
			p.add(path, "texte « %s » illisible avec son étiquette « %s » : la retirer", loto.Shown(n.Value), loto.Shown(n.Tag))
		} else if err := loto.CheckText("texte", strings.TrimSpace(n.Value), max); err != nil {
			p.add(path, "%s", loto.ErrorMessage(err))
		}
	case reflect.Int, reflect.Int64:
		if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!int" || (!decodes(n, t) && n.Style&yaml.TaggedStyle != 0) {
			p.add(path, "un nombre entier est attendu, pas « %s »", loto.Shown(n.Value))
		} else if !decodes(n, t) {
			p.add(path, "nombre « %s » bien trop grand", loto.Shown(n.Value))
		}
	case reflect.Float64:
		if n.Kind != yaml.ScalarNode || (n.ShortTag() != "!!int" && n.ShortTag() != "!!float") || !decodes(n, t) {
			p.add(path, "un nombre est attendu (avec un point pour les décimales : 2.5), pas « %s »", loto.Shown(n.Value))
		}
	case reflect.Bool:
		if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!bool" || !decodes(n, t) {
			p.add(path, "true ou false est attendu, pas « %s »", loto.Shown(n.Value))
		}
	}
}

// decodes says whether the scalar n decodes into a t: a value of the
// right tag may still not (an explicit "!!int x", an integer past int64,
// "!!binary" that is not base64), and the decoder would say so in English.
func decodes(n *yaml.Node, t reflect.Type) bool {
	return n.Decode(reflect.New(t).Interface()) == nil
}
