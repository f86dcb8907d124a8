// Package pdftest reads back, in tests, the PDFs the hall's programs
// write, with the tools of poppler-utils (pdftotext, pdftoppm, pdffonts).
package pdftest

import (
	"os"
	"os/exec"
	"testing"
)

// Tool returns the path of the poppler-utils program name. Without it the
// test is skipped, or fails under CI=true, where it must be installed.
func Tool(t testing.TB, name string) string {
	t.Helper()
	path, err := exec.LookPath(name)
	if err == nil {
		return path
	}
	if os.Getenv("CI") == "true" {
		t.Fatalf("%s is missing: CI must install poppler-utils", name)
	}
	t.Skipf("%s is missing: install poppler-utils (apt-get install -y poppler-utils) to run this test", name)
	return ""
}

// Text returns the text of the PDF at path by pdftotext, in UTF-8; args
// come before the path (e.g. "-layout").
func Text(t testing.TB, path string, args ...string) string {
	t.Helper()
	args = append(append([]string{"-enc", "UTF-8"}, args...), path, "-")
	out, err := exec.Command(Tool(t, "pdftotext"), args...).Output()
	if err != nil {
		t.Fatalf("pdftotext %s: %v", path, err)
	}
	return string(out)
}
