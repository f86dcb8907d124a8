package web

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"net/http"
	"sync"

	"go.yaml.in/yaml/v3"

	"loto/internal/loto"
)

// openapiYAML is the API's OpenAPI 3.1 document, written by hand rather
// than generated from Go: the handlers' answers are the domain's own types,
// whose meaning (R-rules, what is never shown) is said best in prose next
// to each field, and a hand-written file reads as the contract tools
// outside the project rely on. YAML for its comments; served as JSON.
// openapi_test.go keeps it true: every /api/v1 route is documented and
// every documented one served, and real answers validate against it.
//
//go:embed openapi.yaml
var openapiYAML []byte

// openapiJSON converts the document once, at its first request.
var openapiJSON = sync.OnceValues(func() ([]byte, error) {
	var doc any
	if err := yaml.Unmarshal(openapiYAML, &doc); err != nil {
		return nil, fmt.Errorf("openapi.yaml: %w", err)
	}
	b, err := json.Marshal(doc)
	if err != nil {
		return nil, fmt.Errorf("openapi.yaml as JSON: %w", err)
	}
	return append(b, '\n'), nil
})

func apiOpenAPI(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	b, err := openapiJSON()
	if err != nil {
		return loto.Errorf(loto.EInternal, "%v", err)
	}
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Write(b)
	return nil
}
