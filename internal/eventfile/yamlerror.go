package eventfile

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"loto/internal/loto"
)

// The YAML library explains a refusal in English, technically, sometimes
// over several lines ("unmarshal errors:\n  line 6: ..."). An organiser is
// told in French, on one line, at the line of the file: each path by which
// the library refuses a file is either checked before it (the characters,
// the documents) or translated here.

// readYAML reads the one document of an event file as a YAML tree.
func readYAML(data []byte) (*yaml.Node, error) {
	if err := checkCharacters(data); err != nil {
		return nil, err
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	var root yaml.Node
	if err := dec.Decode(&root); err != nil && !errors.Is(err, io.EOF) {
		return nil, yamlRefusal(err, data)
	}
	// A second document would be ignored by the decoder: the organiser
	// would see a day that is not the one the file shows further down.
	var next yaml.Node
	switch err := dec.Decode(&next); {
	case errors.Is(err, io.EOF):
	case err != nil:
		return nil, yamlRefusal(err, data)
	case len(next.Content) > 0 && next.Content[0].ShortTag() != "!!null":
		line := next.Content[0].Line
		return nil, refusal(line, "", "ligne %d : le fichier de l'événement contient un second document YAML (après une ligne « --- » ou « ... ») : un seul est lu, tout mettre dans le premier", line)
	}
	return &root, nil
}

// checkCharacters refuses, at its line, a character the YAML library
// refuses anywhere in a file (a control character, written raw), which it
// reports without a line.
func checkCharacters(data []byte) error {
	line := 1
	for _, r := range string(data) {
		switch {
		case r == '\n':
			line++
		case r == '\t', r == '\r', r >= 0x20 && r <= 0x7e, r == 0x85, r >= 0xa0 && r <= 0xd7ff, r >= 0xe000 && r <= 0xfffd, r >= 0x10000 && r <= 0x10ffff:
		default:
			return refusal(line, "", "ligne %d : caractère invisible %U refusé dans le fichier de l'événement : le retirer", line, r)
		}
	}
	return nil
}

// yamlProblems are the YAML library's explanations, in French. A
// problem it gives that is not here is told as a syntax error, never in
// English.
var yamlProblems = []struct{ english, french string }{
	{"did not find expected ',' or '}'", "une virgule ou une accolade fermante « } » manque (un texte qui contient « : », « ? », « # », « { » ou « } » s'écrit entre guillemets)"},
	{"did not find expected ',' or ']'", "une virgule ou un crochet fermant « ] » manque (un texte qui contient « , » ou « ] » s'écrit entre guillemets)"},
	{"found unexpected end of stream", "le fichier s'arrête au milieu d'une valeur : des guillemets, une accolade ou un crochet ouverts ne sont pas fermés"},
	{"found unknown escape character", "après une barre oblique inverse « \\ » entre guillemets doubles, un caractère inconnu : écrire « \\\\ », ou mettre le texte entre guillemets simples"},
	{"found invalid Unicode character escape code", "code de caractère invalide après « \\u » entre guillemets doubles"},
	{"did not find expected hexdecimal number", "code de caractère illisible après « \\x », « \\u » ou « \\U » entre guillemets doubles"},
	{"found character that cannot start any token", "caractère qui ne peut pas commencer une valeur (une tabulation, ou un texte commençant par « @ », « ` » ou « % ») : indenter avec des espaces, mettre le texte entre guillemets"},
	{"found a tab character", "une tabulation sert d'indentation : indenter avec des espaces"},
	{"mapping values are not allowed in this context", "« : » inattendu : un texte qui contient « : » s'écrit entre guillemets, sinon l'indentation est décalée"},
	{"mapping keys are not allowed in this context", "« ? » inattendu : un texte qui commence par « ? » s'écrit entre guillemets"},
	{"block sequence entries are not allowed in this context", "élément de liste « - » mal placé : vérifier l'indentation"},
	{"did not find expected key", "un champ est attendu ici : vérifier l'indentation et que chaque guillemet ouvert est fermé"},
	{"could not find expected ':'", "« : » manque après le nom d'un champ"},
	{"did not find expected node content", "une valeur manque ici"},
	{"did not find expected '-' indicator", "élément de liste « - » attendu : vérifier l'indentation"},
	{"did not find expected comment or line break", "texte inattendu en fin de ligne, après une valeur entre guillemets ou un « | » ou « > »"},
	{"did not find expected whitespace", "une espace manque après un « - », un « : » ou une étiquette « ! »"},
	{"found an indentation indicator equal to 0", "indentation 0 invalide après « | » ou « > »"},
	{"found unexpected document indicator", "« --- » ou « ... » en début de ligne au milieu d'un texte entre guillemets"},
	{"did not find expected <document start>", "« --- » attendu avant la suite du fichier"},
	{"did not find expected alphabetic or numeric character", "nom d'ancre « & » ou d'alias « * » illisible : un texte qui commence par « & » ou « * » s'écrit entre guillemets"},
	{"exceeded max depth", "listes ou tables imbriquées bien trop profondément"},
	{"tag", "étiquette « ! » illisible : la retirer, ou mettre le texte qui commence par « ! » entre guillemets"},
	{"directive", "directive « % » invalide : la retirer (un texte qui commence par « % » s'écrit entre guillemets)"},
	{"version", "directive « %YAML » invalide : la retirer"},
	{"YAML document", "directive « %YAML » invalide : la retirer"},
	{"URI", "étiquette « ! » illisible : la retirer"},
	{"'!'", "étiquette « ! » illisible : la retirer"},
	{"'>'", "étiquette « !<...> » illisible : la retirer"},
	{"control characters", "caractère invisible refusé : le retirer"},
	{"UTF-8", "le fichier n'est pas en UTF-8 : l'enregistrer en UTF-8"},
	{"UTF-16", "le fichier n'est pas en UTF-8 : l'enregistrer en UTF-8"},
	{"surrogate", "le fichier n'est pas en UTF-8 : l'enregistrer en UTF-8"},
	{"Unicode character", "le fichier n'est pas en UTF-8 : l'enregistrer en UTF-8"},
}

// yamlWhere reads the line a YAML library's message starts with.
var yamlWhere = regexp.MustCompile(`^(?:yaml: )?line (\d+): `)

// yamlAnchor reads the name of an alias without its anchor.
var yamlAnchor = regexp.MustCompile(`^(?:yaml: )?unknown anchor '(.*)' referenced$`)

// yamlRefusal is the French refusal, on one line, of an error of the
// YAML library reading data.
func yamlRefusal(err error, data []byte) error {
	msg := err.Error()
	if m := yamlAnchor.FindStringSubmatch(msg); m != nil {
		line := aliasLine(data, m[1])
		return refusal(line, "", "%sle fichier de l'événement n'est pas du YAML lisible : alias YAML (*%s) sans ancre : écrire la valeur en entier à chaque place", linePrefix(line), loto.Shown(m[1]))
	}
	line := 0
	if m := yamlWhere.FindStringSubmatch(msg); m != nil {
		line, _ = strconv.Atoi(m[1])
		msg = msg[len(m[0]):]
	}
	why := "syntaxe YAML invalide"
	for _, p := range yamlProblems {
		if strings.Contains(msg, p.english) {
			why = p.french
			break
		}
	}
	return refusal(line, "", "%sle fichier de l'événement n'est pas du YAML lisible : %s", linePrefix(line), why)
}

// linePrefix is "ligne N : ", or nothing without a line.
func linePrefix(line int) string {
	if line == 0 {
		return ""
	}
	return fmt.Sprintf("ligne %d : ", line)
}

// aliasLine is the line of the first alias *name in data, 0 if none is
// found.
func aliasLine(data []byte, name string) int {
	re, err := regexp.Compile(`\*` + regexp.QuoteMeta(name) + `(?:$|[\s,\]}])`)
	if err != nil {
		return 0
	}
	loc := re.FindIndex(data)
	if loc == nil {
		return 0
	}
	return bytes.Count(data[:loc[0]], []byte("\n")) + 1
}

// decodeRefusal is the French refusal of an error decoding a checked tree
// into the file's types: checkNode refuses first what the decoder would,
// so this only keeps an unforeseen error from reaching the organiser in
// English.
func decodeRefusal(err error) error {
	line := 0
	var te *yaml.TypeError
	if errors.As(err, &te) && len(te.Errors) > 0 {
		if m := yamlWhere.FindStringSubmatch(te.Errors[0]); m != nil {
			line, _ = strconv.Atoi(m[1])
		}
	}
	return refusal(line, "", "%sle fichier de l'événement est illisible : une valeur ne convient pas à son champ", linePrefix(line))
}
