package web

import (
	"bufio"
	"context"
	"fmt"
	"image"
	imgdraw "image/draw"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/skip2/go-qrcode"

	"loto/internal/card"
	"loto/internal/loto"
)

// writeQRVideo writes a Y4M video (the format chromium's fake camera plays
// in a loop) of one grey frame of width×height showing the QR code of
// text on a white ground, as a phone held over a card sees it.
func writeQRVideo(t *testing.T, path, text string, width, height int) {
	t.Helper()
	writeQRFilm(t, path, width, height, 10, []shot{{text, 1}})
}

// shot is a part of a film: the QR code of text (none when "") shown for
// frames frames.
type shot struct {
	text   string
	frames int
}

// writeQRFilm writes a Y4M video of width×height at fps frames a second
// showing each shot in turn, as a phone filming a queue of codes sees it.
func writeQRFilm(t *testing.T, path string, width, height, fps int, shots []shot) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(f)
	// 4:2:0, the chroma planes at half size and neutral (128): grey.
	fmt.Fprintf(w, "YUV4MPEG2 W%d H%d F%d:1 Ip A1:1 C420jpeg\n", width, height, fps)
	chroma := make([]byte, 2*(width/2)*(height/2))
	for i := range chroma {
		chroma[i] = 128
	}
	for _, s := range shots {
		frame := image.NewGray(image.Rect(0, 0, width, height))
		imgdraw.Draw(frame, frame.Bounds(), image.White, image.Point{}, imgdraw.Src)
		if s.text != "" {
			q, err := qrcode.New(s.text, qrcode.Medium)
			if err != nil {
				t.Fatal(err)
			}
			side := min(width, height) * 3 / 4
			code := q.Image(side)
			at := image.Pt((width-side)/2, (height-side)/2)
			imgdraw.Draw(frame, code.Bounds().Add(at), code, image.Point{}, imgdraw.Src)
		}
		for range s.frames {
			w.WriteString("FRAME\n")
			w.Write(frame.Pix)
			w.Write(chroma)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
}

// cameraBrowser starts a browser of its own whose camera films the video
// at path, and which grants the camera without asking.
func cameraBrowser(t *testing.T, video string) context.Context {
	t.Helper()
	needBrowser(t)
	ctx, cancel, err := launchBrowser(t.TempDir(),
		chromedp.Flag("use-fake-ui-for-media-stream", true),
		chromedp.Flag("use-fake-device-for-media-stream", true),
		chromedp.Flag("use-file-for-fake-video-capture", video),
	)
	t.Cleanup(func() {
		for i := len(cancel) - 1; i >= 0; i-- {
			cancel[i]()
		}
	})
	if err != nil {
		t.Fatalf("starting chromium with a fake camera: %v", err)
	}
	return ctx
}

// startScanning serves the example day with cards 1 and 2 of series A sold
// and its first game drawing; it returns the second card's serial, as
// printed and as the server reads it.
func startScanning(t *testing.T) (*live, string, card.Serial) {
	t.Helper()
	l := startLive(t, Config{})
	sold := l.sell(1, 2)[1]
	l.startAndDraw()
	s, err := card.ParseSerial(sold)
	if err != nil {
		t.Fatal(err)
	}
	return l, sold, s
}

// scanByCamera opens /controle as a controller in a browser whose camera
// films a QR code of text, taps the camera button and waits until the
// page registers the claim of the card serial; it returns the tab and the
// camera's video file, which the camera reads again at each opening.
func scanByCamera(t *testing.T, l *live, text, serial string) (*tab, string) {
	t.Helper()
	video := filepath.Join(t.TempDir(), "carte.y4m")
	writeQRVideo(t, video, text, 640, 480)
	ctl := l.openAsIn(cameraBrowser(t, video), loto.RoleController, "/controle", 390, 844)
	ctl.waitText("#live", "En direct")
	ctl.run(chromedp.Click("#scan"))
	// The page's error tells why the camera did not read, if it did not.
	want := "Annonce 1 enregistrée : carte " + serial
	ctl.waitUntil("#said to say "+strconv.Quote(want), func() (bool, string) {
		said := ctl.text("#said")
		return strings.Contains(said, want), fmt.Sprintf("it says %q, the error %q", said, ctl.text("#error"))
	})
	return ctl, video
}

// TestBrowser_ControllerScansACardQRWithTheCamera: the controller taps the
// camera button, the phone's back camera films a sold card's printed QR
// code (LOTO:serial, as the cards are printed), the page reads it and
// registers the claim of that card, then stops the camera. The same
// page's module also reads the code with jsQR when asked to, which is
// what a browser without BarcodeDetector uses.
func TestBrowser_ControllerScansACardQRWithTheCamera(t *testing.T) {
	t.Parallel()
	l, sold, s := startScanning(t)
	ctl, video := scanByCamera(t, l, card.QRText(s), sold)
	if st := l.status(); len(st.Claims) != 1 || st.Claims[0].Serial != sold {
		t.Fatalf("after the scan the domain has the claims %+v, want one of %s", st.Claims, sold)
	}
	if !eval[bool](ctl, `document.getElementById("camera").hidden && document.getElementById("preview").srcObject === null`) {
		t.Error("the camera is still open after the code was read")
	}
	t.Logf("decoder of this chromium: %s", ctl.attr("#preview", "data-decoder"))
	ctl.waitText("#claims", sold)
	ctl.screenshot("controle-camera-lue-390x844")
	ctl.axe()
	ctl.run(chromedp.EmulateViewport(820, 1180))
	ctl.screenshot("controle-camera-lue-820x1180")
	ctl.run(chromedp.EmulateViewport(390, 844))

	// What the controller sees while the camera reads, photographed with
	// the camera held open; then jsQR, the fallback, reads its frames.
	eval[chromedp.Void](ctl, `(async () => {
		document.getElementById("camera").hidden = false;
		document.getElementById("scan").hidden = true;
		const v = document.getElementById("preview");
		v.srcObject = await navigator.mediaDevices.getUserMedia({video: true});
		await v.play();
	})()`)
	ctl.screenshot("controle-camera-ouverte-390x844")
	ctl.axe()
	eval[chromedp.Void](ctl, `(() => {
		const v = document.getElementById("preview");
		v.srcObject.getTracks().forEach(t => t.stop());
		v.srcObject = null;
		document.getElementById("camera").hidden = true;
		document.getElementById("scan").hidden = false;
	})()`)
	got := eval[string](ctl, fmt.Sprintf(`import(%q).then(m => m.scanQR(document.getElementById("preview"), {decoder: "jsqr"}))`, staticPath("scan.js")))

	if got != card.QRText(s) || ctl.attr("#preview", "data-decoder") != "jsqr" {
		t.Errorf("jsQR read %q with %q, want %q", got, ctl.attr("#preview", "data-decoder"), card.QRText(s))
	}

	// A plate's QR code (it sells six cards in one scan) names no card:
	// the page says so and registers nothing. The fake camera reads its
	// file again at each opening.
	writeQRVideo(t, video, loto.PlateQR("A-P000001-K7Q"), 640, 480)
	ctl.run(chromedp.Click("#scan"))
	ctl.waitText("#error", "c'est le code QR de la plaque")
	if st := l.status(); len(st.Claims) != 1 {
		t.Errorf("a plate's code registered a claim: %+v", st.Claims)
	}
	ctl.noErrors()
}

// usOnAzerty is what a USB scanner set for a US keyboard types for code on
// a computer set for a French (AZERTY) one: each key it presses gives
// that computer another character. scan.js's typedCode maps it back.
func usOnAzerty(code string) string {
	keys := map[rune]string{'1': "&", '2': "é", '3': `"`, '4': "'", '5': "(", '6': "-", '7': "è", '8': "_", '9': "ç", '0': "à",
		'-': ")", 'A': "Q", 'Q': "A", 'Z': "W", 'W': "Z", ':': "M", 'M': "?"}
	var b strings.Builder
	for _, c := range code {
		if k, ok := keys[c]; ok {
			b.WriteString(k)
		} else {
			b.WriteRune(c)
		}
	}
	return b.String()
}

// TestBrowser_ControllerLetsTheServerReadTheSerial: what the camera reads
// goes to the server, which alone knows a serial's grammar (card/serial.go):
// a QR code holding a serial written with spaces inside its number, which
// the server reads, registers the claim; the page does not refuse it first.
func TestBrowser_ControllerLetsTheServerReadTheSerial(t *testing.T) {
	t.Parallel()
	l, sold, s := startScanning(t)
	n := fmt.Sprintf("%06d", s.Number)
	text := strings.ToLower(s.Series + " " + n[:3] + " " + n[3:] + " " + s.Check)
	if got, err := card.ParseSerial(text); err != nil || got != s {
		t.Fatalf("the server reads %q as %v, %v", text, got, err)
	}
	ctl, _ := scanByCamera(t, l, text, sold)
	ctl.noErrors()
}
