package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"loto/internal/loto"
)

// writeJSON answers with v as JSON.
func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		status = http.StatusInternalServerError
		b = []byte(`{"code":"internal","message":"erreur interne","details":[]}`)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
}

// decodeJSON reads the request's JSON body into v, refusing unknown
// fields, trailing data and any other content type; an empty body leaves v
// as it is (the routes that take no field accept none). Its errors say in
// French what is wrong, never the decoder's English. A body that is not
// UTF-8 is refused: the decoder would put U+FFFD in place of each bad
// byte, and the day record a text nobody typed.
func decodeJSON(r *http.Request, v any) error {
	if ct := r.Header.Get("Content-Type"); ct != "" && !isJSON(ct) {
		return loto.Errorf(eMalformed, "le corps de la requête doit être du JSON (Content-Type: application/json)")
	}
	data, err := io.ReadAll(r.Body)
	if err != nil {
		return jsonError(err)
	}
	if at := notUTF8At(data); at >= 0 {
		return loto.Errorf(eMalformed, "JSON illisible à l'octet %d : le texte n'est pas écrit en UTF-8 (copié d'un fichier enregistré en Windows-1252 ?) ; rien n'est enregistré", at+1)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	err = dec.Decode(v)
	if errors.Is(err, io.EOF) {
		return nil
	}
	if err == nil {
		if _, err := dec.Token(); !errors.Is(err, io.EOF) {
			return loto.Errorf(eMalformed, "JSON mal formé : une seule valeur est attendue dans le corps")
		}
		return nil
	}
	return jsonError(err)
}

// notUTF8At is the offset of the first text of a JSON body that is not
// UTF-8, or -1: an invalid byte, or an escape \uD800 to \uDFFF that is
// not half of a surrogate pair, which the decoder also reads as U+FFFD.
func notUTF8At(b []byte) int {
	if !utf8.Valid(b) {
		for i := 0; i < len(b); {
			r, n := utf8.DecodeRune(b[i:])
			if r == utf8.RuneError && n <= 1 {
				return i
			}
			i += n
		}
	}
	if !bytes.Contains(b, []byte(`\u`)) {
		return -1
	}
	inString := false
	for i := 0; i < len(b); i++ {
		switch c := b[i]; {
		case !inString:
			inString = c == '"'
		case c == '"':
			inString = false
		case c == '\\':
			if r, ok := escapedRune(b[i+1:]); ok && utf16.IsSurrogate(r) {
				low, ok := rune(0), false
				if i+7 < len(b) && b[i+6] == '\\' {
					low, ok = escapedRune(b[i+7:])
				}
				if !ok || utf16.DecodeRune(r, low) == utf8.RuneError {
					return i
				}
				i += 6 // the high half; the low one is skipped below
			}
			i++ // the escaped character, never a string's end
		}
	}
	return -1
}

// escapedRune reads the rune of an escape uXXXX at the start of b (after
// its backslash), if that is what b starts with.
func escapedRune(b []byte) (rune, bool) {
	if len(b) < 5 || b[0] != 'u' {
		return 0, false
	}
	var r rune
	for _, c := range b[1:5] {
		switch {
		case '0' <= c && c <= '9':
			r = r<<4 | rune(c-'0')
		case 'a' <= c && c <= 'f':
			r = r<<4 | rune(c-'a'+10)
		case 'A' <= c && c <= 'F':
			r = r<<4 | rune(c-'A'+10)
		default:
			return 0, false
		}
	}
	return r, true
}

// jsonError turns a decoding error into a French one.
func jsonError(err error) error {
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	var tooBig *http.MaxBytesError
	switch {
	case errors.As(err, &tooBig):
		return loto.Errorf(eTooLarge, "requête trop grosse : %d octets au plus", tooBig.Limit)
	case errors.As(err, &syntax):
		return loto.Errorf(eMalformed, "JSON mal formé à l'octet %d", syntax.Offset)
	case errors.As(err, &typ):
		return &detailed{loto.Errorf(eMalformed, "le champ « %s » attend %s", typ.Field, jsonKind(typ.Type.Kind().String())), []string{typ.Field}}
	case errors.Is(err, io.ErrUnexpectedEOF):
		return loto.Errorf(eMalformed, "JSON incomplet")
	}
	if name, ok := strings.CutPrefix(err.Error(), "json: unknown field "); ok {
		name = strings.Trim(name, `"`)
		return &detailed{loto.Errorf(eMalformed, "champ « %s » inconnu", loto.Shown(name)), []string{name}}
	}
	return loto.Errorf(eMalformed, "JSON illisible")
}

// jsonKind names a Go kind as the JSON value it reads.
func jsonKind(kind string) string {
	switch {
	case strings.HasPrefix(kind, "int"), strings.HasPrefix(kind, "uint"), strings.HasPrefix(kind, "float"):
		return "un nombre entier"
	case kind == "string":
		return "un texte"
	case kind == "bool":
		return "true ou false"
	case kind == "slice", kind == "array":
		return "une liste"
	}
	return "un objet"
}

// isJSON says whether a Content-Type is JSON's.
func isJSON(ct string) bool {
	mt, _, _ := strings.Cut(ct, ";")
	return strings.EqualFold(strings.TrimSpace(mt), "application/json")
}
