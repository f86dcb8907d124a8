package loto

import (
	"strings"
	"unicode"
)

// Payment is the money one method brings to a sale; for cash, the amount
// tendered (the change comes back from it).
type Payment struct {
	Method Method `json:"method"`
	Cents  Cents  `json:"cents"`
}

// Identity is the identity document a cheque requires (R8): its kind (CNI,
// passeport, permis...) and its number.
type Identity struct {
	Kind   string `json:"kind"`
	Number string `json:"number"`
}

// maxChange is the most change a desk gives: more than the largest euro
// note means the amount tendered was mistyped.
const maxChange Cents = 50000

// ParsePayments reads payments as typed: "cash:30.00" or split between
// methods, "cash:10,card:15.50" (the decimal separator is the dot, the
// comma separates payments).
func ParsePayments(text string) ([]Payment, error) {
	if strings.TrimSpace(text) == "" {
		return nil, Errorf(EInvalid, "le paiement est requis, par exemple cash:25.00 ou cash:10,card:15")
	}
	var out []Payment
	for _, item := range strings.Split(text, ",") {
		m, amount, ok := strings.Cut(item, ":")
		if !ok {
			return nil, Errorf(EInvalid, "paiement « %s » illisible : écrire moyen:montant, par exemple cash:25.00 (un point avant les centimes, une virgule entre deux paiements)", Shown(strings.TrimSpace(item)))
		}
		method, err := ParseMethod(m)
		if err != nil {
			return nil, err
		}
		c, err := ParseCents(amount)
		if err != nil {
			return nil, err
		}
		out = append(out, Payment{Method: method, Cents: c})
	}
	return out, nil
}

// ParseIdentity reads an identity document as typed: its kind, then its
// number ("CNI 123456", "passeport 12AB34567").
func ParseIdentity(text string) (*Identity, error) {
	f := strings.Fields(text)
	if len(f) < 2 {
		return nil, Errorf(EInvalid, "pièce d'identité « %s » incomplète : écrire le type puis le numéro, par exemple « CNI 123456 » (R8)", Shown(strings.TrimSpace(text)))
	}
	id := &Identity{Kind: strings.Join(f[:len(f)-1], " "), Number: strings.ToUpper(f[len(f)-1])}
	if err := checkIdentity(id); err != nil {
		return nil, err
	}
	return id, nil
}

func checkIdentity(id *Identity) error {
	if id == nil || strings.TrimSpace(id.Kind) == "" || strings.TrimSpace(id.Number) == "" {
		return Errorf(EInvalid, "paiement par chèque : la pièce d'identité (type et numéro) est obligatoire (R8)")
	}
	if err := CheckText("type de la pièce d'identité", id.Kind, 40); err != nil {
		return err
	}
	if len(id.Number) > 30 || !alnum(id.Number) {
		return Errorf(EInvalid, "pièce d'identité « %s %s » invalide : un type court et un numéro en lettres et chiffres (R8)", Shown(id.Kind), Shown(id.Number))
	}
	return nil
}

func alnum(s string) bool {
	for _, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			return false
		}
	}
	return s != ""
}

// settle checks the payments of a sale of total and returns the change. The
// card and the cheque give no change, so they may not pass the total; the
// cash covers the rest and gives the change. A cheque needs the identity
// document and the cheque number (R8), which are refused without one.
func settle(total Cents, pays []Payment, id *Identity, cheque string) (Cents, error) {
	if len(pays) == 0 {
		return 0, Errorf(EInvalid, "le paiement est requis (espèces, carte ou chèque)")
	}
	by := map[Method]Cents{}
	for _, p := range pays {
		if _, known := methodIndex(p.Method); !known {
			return 0, Errorf(EInvalid, "moyen de paiement « %s » inconnu : cash, card ou cheque", Shown(string(p.Method)))
		}
		if _, dup := by[p.Method]; dup {
			return 0, Errorf(EInvalid, "deux paiements en %s : les réunir en un seul", p.Method.French())
		}
		if p.Cents <= 0 {
			return 0, Errorf(EInvalid, "montant de %s en %s invalide : au moins 0,01 €", p.Cents, p.Method.French())
		}
		if err := tooMuch("paiement en "+p.Method.French(), p.Cents, maxAmount); err != nil {
			return 0, err
		}
		by[p.Method] = p.Cents
	}
	if _, ok := by[Cheque]; ok {
		if err := checkIdentity(id); err != nil {
			return 0, err
		}
		if c := strings.TrimSpace(cheque); c == "" || len(c) > 20 || !alnum(c) {
			return 0, Errorf(EInvalid, "paiement par chèque : le numéro du chèque est requis (chiffres et lettres, 20 au plus)")
		}
	} else if id != nil || strings.TrimSpace(cheque) != "" {
		return 0, Errorf(EInvalid, "la pièce d'identité et le numéro de chèque ne servent qu'au paiement par chèque (R8)")
	}
	noCash := by[BankCard] + by[Cheque]
	if noCash > total {
		return 0, Errorf(EInvalid, "la carte et le chèque ne rendent pas de monnaie : %s pour un total de %s", noCash, total)
	}
	due, cash := total-noCash, by[Cash]
	switch {
	case cash < due && noCash == 0:
		return 0, Errorf(EInvalid, "espèces remises (%s) inférieures au total (%s) : il manque %s", cash, total, due-cash)
	case cash < due:
		return 0, Errorf(EInvalid, "les paiements (%s) ne couvrent pas le total de %s : il manque %s", listPayments(pays), total, due-cash)
	case cash > 0 && due == 0:
		return 0, Errorf(EInvalid, "espèces en trop : la carte et le chèque couvrent déjà le total de %s", total)
	case cash-due >= maxChange:
		return 0, Errorf(EInvalid, "monnaie à rendre de %s : plus qu'un billet de 500 €, vérifier le montant remis (%s)", cash-due, cash)
	}
	return cash - due, nil
}

// listPayments writes payments for people: "espèces 5,00 €, carte bancaire 10,00 €".
func listPayments(pays []Payment) string {
	parts := make([]string, len(pays))
	for i, p := range pays {
		parts[i] = p.Method.French() + " " + p.Cents.String()
	}
	return strings.Join(parts, ", ")
}

func methodIndex(m Method) (int, bool) {
	for i, x := range Methods {
		if x == m {
			return i, true
		}
	}
	return 0, false
}
