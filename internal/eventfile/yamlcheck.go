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
	for _, pr := range p.list {
		where := pr.path
		if where == "" {
			where = "(document)"
		}
		if l := p.line(pr.path); l > 0 {
			out = append(out, fmt.Sprintf("ligne %d, %s : %s", l, where, pr.msg))
		} else {
			out = append(out, fmt.Sprintf("%s : %s", where, pr.msg))
		}
	}
	return out
}

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
	return &loto.Error{Code: loto.EInvalid, Message: head + " :\n  " + strings.Join(lines, "\n  ")}
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// checkNode walks a YAML node against the Go type it will decode into. It
// records the line of every path and names, in French, unknown keys and
// scalars of the wrong type, which the YAML decoder would report in English
// or (for unknown keys) not at all.
func checkNode(p *problems, n *yaml.Node, t reflect.Type, path string) {
	if n.Kind == yaml.DocumentNode {
		if len(n.Content) == 0 {
			return
		}
		n = n.Content[0]
	}
	if n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
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
		fields := map[string]reflect.Type{}
		var names []string
		for i := range t.NumField() {
			tag, _, _ := strings.Cut(t.Field(i).Tag.Get("yaml"), ",")
			if tag != "" && tag != "-" {
				fields[tag] = t.Field(i).Type
				names = append(names, tag)
			}
		}
		sort.Strings(names)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			kp := join(path, k.Value)
			p.lines[kp] = k.Line
			ft, ok := fields[k.Value]
			if !ok {
				p.add(kp, "champ inconnu (champs possibles : %s)", strings.Join(names, ", "))
				continue
			}
			checkNode(p, v, ft, kp)
		}
	case reflect.Slice:
		if n.Kind != yaml.SequenceNode {
			p.add(path, "une liste est attendue")
			return
		}
		for i, c := range n.Content {
			checkNode(p, c, t.Elem(), fmt.Sprintf("%s[%d]", path, i))
		}
	case reflect.String:
		if n.Kind != yaml.ScalarNode {
			p.add(path, "un texte est attendu")
		}
	case reflect.Int, reflect.Int64:
		if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!int" {
			p.add(path, "un nombre entier est attendu, pas « %s »", n.Value)
		}
	case reflect.Bool:
		if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!bool" {
			p.add(path, "true ou false est attendu, pas « %s »", n.Value)
		}
	}
}
