package web

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"mime"
	"mime/multipart"
	"net/http"
	"slices"
	"strings"
	"time"

	"loto/internal/loto"
)

// The event file sent with its images: a multipart form whose part
// "event" is the event file and whose parts "files" are the images its
// prizes name (the sponsors' logos), each known by its file name.
// eventfile.ParseFiles reads them as it reads the event file's folder for
// `loto event create`, so each image is checked, and each mistake named at
// its line, the same way. A file sent alone (the raw body) has no images.

// The parts of the form, and how many images it may hold.
const (
	partEvent      = "event"
	partFiles      = "files"
	maxUploadFiles = 40
)

// maxUpload bounds the body of an event file sent with its images: the
// file, the day's logos (loto.MaxLogosBytes in all) and room for an image
// too big, which is named as such rather than cutting the request short.
const maxUpload = 8 << 20

// eventFileWhat is the event file, as its errors name it.
const eventFileWhat = "le fichier de l'événement"

// bodyLimit is the bound of a request's body: maxBody, or maxUpload for
// the event file sent with its images.
func bodyLimit(r *http.Request) int64 {
	if r.Method == http.MethodPost && (r.URL.Path == "/api/v1/event" || r.URL.Path == "/api/v1/event/check") && isMultipart(r) {
		return maxUpload
	}
	return maxBody
}

// isMultipart reports whether a request's body is a multipart form.
func isMultipart(r *http.Request) bool {
	mt, _, _ := mime.ParseMediaType(r.Header.Get("Content-Type"))
	return mt == "multipart/form-data"
}

// readEventUpload reads the event file of a request and, when it comes as
// a multipart form, the images sent with it; files is nil for a file sent
// alone, and then a logo it names is a mistake.
func readEventUpload(r *http.Request) (file []byte, files *uploadFS, err error) {
	if !isMultipart(r) {
		file, err = readFile(r, eventFileWhat)
		return file, nil, err
	}
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, nil, loto.Errorf(eMalformed, "formulaire illisible : le fichier de l'événement et ses images s'envoient en multipart/form-data (parties « %s » et « %s »)", partEvent, partFiles)
	}
	files = &uploadFS{files: map[string]*uploaded{}, asked: map[string]bool{}}
	seen := false
	for {
		part, err := mr.NextPart()
		if err == io.EOF {
			break
		} else if err != nil {
			return nil, nil, uploadError(err)
		}
		switch name := part.FormName(); name {
		case partEvent:
			if seen {
				return nil, nil, loto.Errorf(loto.EInvalid, "deux fichiers de l'événement sont joints : n'en déposer qu'un")
			}
			seen = true
			if file, err = io.ReadAll(part); err != nil {
				return nil, nil, uploadError(err)
			}
		case partFiles:
			if err := files.add(part); err != nil {
				return nil, nil, err
			}
		default:
			return nil, nil, loto.Errorf(eMalformed, "partie « %s » du formulaire inconnue : « %s » (le fichier de l'événement) et « %s » (ses images)", loto.Shown(name), partEvent, partFiles)
		}
	}
	if !seen {
		return nil, nil, loto.Errorf(loto.EInvalid, "%s manque : le déposer avec ses images", eventFileWhat)
	}
	if len(bytes.TrimSpace(file)) == 0 {
		return nil, nil, loto.Errorf(loto.EInvalid, "%s est vide : le choisir, le déposer ou le coller", eventFileWhat)
	}
	return file, files, nil
}

// uploadError is the refusal of a form that could not be read in full.
func uploadError(err error) error {
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return loto.Errorf(eTooLarge, "l'envoi est trop gros : %d Mio au plus pour le fichier de l'événement et ses images (un logo fait %d Kio au plus)", tooBig.Limit>>20, loto.MaxLogoBytes>>10)
	}
	return loto.Errorf(eMalformed, "le fichier de l'événement et ses images n'ont pas pu être lus en entier : recommencer")
}

// uploadFS is the images sent with an event file, by file name: the
// folder eventfile.ParseFiles reads the logos from. It remembers the names
// the file asked for, so an image it does not name is told.
type uploadFS struct {
	files map[string]*uploaded
	asked map[string]bool
}

// uploaded is an image sent: its size, and its bytes when within a logo's
// bound (a bigger one is refused by its size, its bytes dropped).
type uploaded struct {
	name string
	size int64
	data []byte
}

// add reads an image of the form.
func (u *uploadFS) add(part *multipart.Part) error {
	name := part.FileName()
	switch {
	case name == "" || name == "." || name == "/":
		return loto.Errorf(loto.EInvalid, "une image jointe n'a pas de nom de fichier : le fichier de l'événement la nomme par lui")
	case u.files[name] != nil:
		return loto.Errorf(loto.EInvalid, "deux images jointes s'appellent « %s » : n'en joindre qu'une", loto.Shown(name))
	case len(u.files) == maxUploadFiles:
		return loto.Errorf(loto.EInvalid, "plus de %d images jointes : ne joindre que celles que le fichier de l'événement nomme", maxUploadFiles)
	}
	data, err := io.ReadAll(io.LimitReader(part, loto.MaxLogoBytes+1))
	if err != nil {
		return uploadError(err)
	}
	rest, err := io.Copy(io.Discard, part)
	if err != nil {
		return uploadError(err)
	}
	f := &uploaded{name: name, size: int64(len(data)) + rest}
	if f.size <= loto.MaxLogoBytes {
		f.data = data
	}
	u.files[name] = f
	return nil
}

// unused lists, in order, the images the event file did not name.
func (u *uploadFS) unused() []string {
	var out []string
	for name := range u.files {
		if !u.asked[name] {
			out = append(out, name)
		}
	}
	slices.Sort(out)
	return out
}

// get is the image of a name, remembered as asked for.
func (u *uploadFS) get(op, name string) (*uploaded, error) {
	u.asked[name] = true
	f := u.files[name]
	if f == nil {
		return nil, &fs.PathError{Op: op, Path: name, Err: fs.ErrNotExist}
	}
	return f, nil
}

// Open opens an image (fs.FS).
func (u *uploadFS) Open(name string) (fs.File, error) {
	f, err := u.get("open", name)
	if err != nil {
		return nil, err
	}
	return &uploadFile{Reader: bytes.NewReader(f.data), f: f}, nil
}

// Stat describes an image (fs.StatFS): its size is checked before its bytes.
func (u *uploadFS) Stat(name string) (fs.FileInfo, error) {
	f, err := u.get("stat", name)
	if err != nil {
		return nil, err
	}
	return fileInfo{f}, nil
}

// ReadFile returns an image's bytes (fs.ReadFileFS).
func (u *uploadFS) ReadFile(name string) ([]byte, error) {
	f, err := u.get("read", name)
	if err != nil {
		return nil, err
	}
	if f.data == nil && f.size > 0 {
		return nil, &fs.PathError{Op: "read", Path: name, Err: fs.ErrInvalid}
	}
	return bytes.Clone(f.data), nil
}

// ReadDir lists the images sent (fs.ReadDirFS), for a name that differs
// from one of them in case only; none is marked as asked for.
func (u *uploadFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if name != "." {
		return nil, &fs.PathError{Op: "readdir", Path: name, Err: fs.ErrNotExist}
	}
	var out []fs.DirEntry
	for _, f := range u.files {
		out = append(out, fs.FileInfoToDirEntry(fileInfo{f}))
	}
	slices.SortFunc(out, func(a, b fs.DirEntry) int { return strings.Compare(a.Name(), b.Name()) })
	return out, nil
}

// uploadFile is an image opened.
type uploadFile struct {
	*bytes.Reader
	f *uploaded
}

func (f *uploadFile) Stat() (fs.FileInfo, error) { return fileInfo{f.f}, nil }
func (f *uploadFile) Close() error               { return nil }

// fileInfo describes an image sent: a plain file, read-only.
type fileInfo struct{ f *uploaded }

func (i fileInfo) Name() string       { return i.f.name }
func (i fileInfo) Size() int64        { return i.f.size }
func (i fileInfo) Mode() fs.FileMode  { return 0o444 }
func (i fileInfo) ModTime() time.Time { return time.Time{} }
func (i fileInfo) IsDir() bool        { return false }
func (i fileInfo) Sys() any           { return nil }

var _ interface {
	fs.StatFS
	fs.ReadFileFS
	fs.ReadDirFS
} = (*uploadFS)(nil)

// unusedWarnings tells the images an event file does not name: they are
// not recorded, and the name the file gives may be mistyped.
func unusedWarnings(files *uploadFS) []string {
	if files == nil {
		return nil
	}
	var out []string
	for _, name := range files.unused() {
		out = append(out, fmt.Sprintf("l'image « %s » est jointe mais le fichier de l'événement ne la nomme pas : elle n'est pas enregistrée", loto.Shown(name)))
	}
	return out
}
