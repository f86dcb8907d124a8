package eventfile

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"loto/internal/loto"
)

// fileSponsor is who offers a prize, and the file name of its logo, beside
// the event file.
type fileSponsor struct {
	Name string `yaml:"name"`
	Logo string `yaml:"logo"`
}

// validateSponsors reads the sponsors of the prizes and loads their logos
// from files (the event file's folder; nil when the file is read alone),
// each logo once however many prizes name it.
func validateSponsors(p *problems, f *fileEvent, spec *loto.EventSpec, files fs.FS) {
	byName := map[string]string{} // file name -> SHA-256, or "" when refused
	total := 0
	for i, g := range f.Programme {
		for j, st := range g.Stages {
			fs := st.Prize.Sponsor
			if fs == nil {
				continue
			}
			sp := fmt.Sprintf("programme[%d].stages[%d].prize.sponsor", i, j)
			s := &loto.Sponsor{Name: strings.TrimSpace(fs.Name)}
			if s.Name == "" {
				p.add(sp+".name", "le nom du donateur est requis (il est écrit « offert par ... » sur le tableau)")
			}
			if name := strings.TrimSpace(fs.Logo); name != "" {
				sha, seen := byName[name]
				if !seen {
					logo, err := readLogo(name, files)
					if err != nil {
						p.add(sp+".logo", "logo « %s » : %s", loto.Shown(name), loto.ErrorMessage(err))
					} else if total += len(logo.Data); total > loto.MaxLogosBytes {
						p.add(sp+".logo", "logo « %s » : les logos font plus de %d Kio en tout", loto.Shown(name), loto.MaxLogosBytes>>10)
					} else {
						sha = logo.SHA256
						if !hasLogo(spec.Logos, sha) {
							spec.Logos = append(spec.Logos, logo)
						}
					}
					byName[name] = sha
				}
				s.Logo = sha
			}
			// The spec's stages follow the file's unless a stage was
			// refused, and then the spec is not returned.
			if i < len(spec.Programme) && j < len(spec.Programme[i].Stages) {
				spec.Programme[i].Stages[j].Prize.Sponsor = s
			}
		}
	}
}

// readLogo reads a logo file beside the event file: a plain file name, a
// PNG or JPEG by its content (loto.NewLogo).
func readLogo(name string, files fs.FS) (loto.Logo, error) {
	ext := strings.ToLower(path.Ext(name))
	switch {
	case strings.ContainsAny(name, `/\`) || !fs.ValidPath(name) || strings.HasPrefix(name, "."):
		return loto.Logo{}, loto.Errorf(loto.EInvalid, "donner le nom d'un fichier placé à côté du fichier de l'événement, sans dossier")
	case ext == ".svg":
		return loto.Logo{}, loto.Errorf(loto.EInvalid, "un SVG est refusé (il peut contenir un script) : un PNG ou un JPEG")
	case ext != ".png" && ext != ".jpg" && ext != ".jpeg":
		return loto.Logo{}, loto.Errorf(loto.EInvalid, "un fichier .png, .jpg ou .jpeg est attendu")
	case files == nil:
		return loto.Logo{}, loto.Errorf(loto.EInvalid, "le fichier de l'événement est lu ici sans les images qui l'accompagnent : les déposer avec lui sur la page de l'événement, ou le créer avec loto event create --from FICHIER, qui les lit dans son dossier")
	}
	st, err := fs.Stat(files, name)
	if errors.Is(err, fs.ErrNotExist) {
		if other := sameButCase(files, name); other != "" {
			return loto.Logo{}, loto.Errorf(loto.EInvalid, "fichier introuvable, mais il y a « %s » : écrire le nom exactement, majuscules comprises", loto.Shown(other))
		}
		return loto.Logo{}, loto.Errorf(loto.EInvalid, "fichier introuvable parmi ceux qui accompagnent le fichier de l'événement (déposés avec lui, ou dans son dossier)")
	} else if err != nil {
		return loto.Logo{}, loto.Errorf(loto.EInvalid, "fichier illisible")
	}
	// Its size is checked before it is read: a wrong name could be a film.
	if st.IsDir() || st.Size() > loto.MaxLogoBytes {
		return loto.Logo{}, loto.Errorf(loto.EInvalid, "%d Kio, %d Kio au plus : l'enregistrer plus petit", (st.Size()+1023)>>10, loto.MaxLogoBytes>>10)
	}
	data, err := fs.ReadFile(files, name)
	if err != nil {
		return loto.Logo{}, loto.Errorf(loto.EInvalid, "fichier illisible")
	}
	logo, err := loto.NewLogo(data)
	if err != nil {
		return loto.Logo{}, err
	}
	if want := map[string]string{".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg"}[ext]; logo.Type != want {
		return loto.Logo{}, loto.Errorf(loto.EInvalid, "le nom dit %s mais le contenu est %s", ext, logo.Type)
	}
	return logo, nil
}

func hasLogo(logos []loto.Logo, sha string) bool {
	for _, l := range logos {
		if l.SHA256 == sha {
			return true
		}
	}
	return false
}

// sameButCase returns the name of a file of files that differs from name
// in case only, "" when none: a logo named "Boulangerie.PNG" on the disk
// and "boulangerie.png" in the file is the commonest slip.
func sameButCase(files fs.FS, name string) string {
	entries, err := fs.ReadDir(files, ".")
	if err != nil {
		return ""
	}
	for _, e := range entries {
		if strings.EqualFold(e.Name(), name) {
			return e.Name()
		}
	}
	return ""
}
