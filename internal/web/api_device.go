package web

import (
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"loto/internal/access"
	"loto/internal/loto"
)

// deviceBody is the JSON of POST /api/v1/devices: the device's name, its
// role (in English or French) and, for a cashier, its desk.
type deviceBody struct {
	Name string `json:"name"`
	Role string `json:"role"`
	Desk string `json:"desk"`
}

// pairingAnswer is a new device as the organiser is told it: its pairing
// code, the path that pairs a browser with it (for a QR code), and its
// bearer token for an API client; shown this once, stored nowhere.
type pairingAnswer struct {
	access.Pairing
	PairPath string `json:"pair_path"`
	// PairURL is the pairing path on the host the organiser reached this
	// server by, and QRSVG its QR code, an SVG image the device's camera reads.
	PairURL string `json:"pair_url"`
	QRSVG   string `json:"qr_svg"`
}

func apiDeviceAdd(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	var body deviceBody
	if err := decodeJSON(r, &body); err != nil {
		return err
	}
	role, err := loto.ParseRole(body.Role)
	if err != nil {
		return err
	}
	ctx, err := keyed(r)
	if err != nil {
		return err
	}
	p, err := s.auth.AddDevice(ctx, a, body.Name, role, body.Desk)
	if err != nil {
		return err
	}
	path := "/appairer?code=" + url.QueryEscape(p.Code)
	link := s.pairScheme(r) + "://" + r.Host + path
	qr, err := qrSVG(link, "Code QR d'appairage de « "+p.Device.Name+" »")
	if err != nil {
		return loto.Errorf(loto.EInternal, "%v", err)
	}
	writeJSON(w, http.StatusOK, pairingAnswer{Pairing: p, PairPath: path, PairURL: link, QRSVG: qr})
	return nil
}

// devicesAnswer lists the day's devices, revoked ones included.
type devicesAnswer struct {
	Devices []deviceLine `json:"devices"`
}

// deviceLine is a device with its last contact with this server, if any
// since it started.
type deviceLine struct {
	access.Device
	LastSeen *time.Time `json:"last_seen,omitempty"`
}

func apiDevices(s *Server, w http.ResponseWriter, r *http.Request, _ loto.Actor) error {
	list := []deviceLine{}
	for _, d := range s.auth.Devices() {
		list = append(list, deviceLine{Device: d, LastSeen: s.contacts.last(d.ID)})
	}
	writeJSON(w, http.StatusOK, devicesAnswer{Devices: list})
	return nil
}

// revokeBody is the JSON of POST /api/v1/devices/{id}/revoke.
type revokeBody struct {
	Why string `json:"why"`
}

func apiDeviceRevoke(s *Server, w http.ResponseWriter, r *http.Request, a loto.Actor) error {
	var body revokeBody
	if err := decodeJSON(r, &body); err != nil {
		return err
	}
	text := r.PathValue("id")
	id, err := strconv.Atoi(text)
	if err != nil || id < 1 {
		return loto.Errorf(loto.EInvalid, "appareil « %s » : attendu son numéro, comme dans la liste des appareils", loto.Shown(strings.TrimSpace(text)))
	}
	ctx, err := keyed(r)
	if err != nil {
		return err
	}
	d, err := s.auth.RevokeDevice(ctx, a, id, body.Why)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, d)
	return nil
}
