package journaltest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"loto/internal/journal"
)

// AppendUntilFull plays a full disk on store s, whose files are on the
// small disk dir (SmallDisk): five appends, then the disk is filled and
// appends go on until one is refused (the files may hold room of their
// own for a few more). That refusal and three more must be
// journal.ErrFull; the journal must verify to the last accepted event and
// hold neither the refused append's idempotency key nor its secret. Then
// the space is given back and the same append must pass. It returns the
// head after it and the first refusal, for the store's own checks.
func AppendUntilFull(t *testing.T, s journal.Store, dir string) (head int64, refused error) {
	t.Helper()
	ctx := context.Background()
	payload, _ := json.Marshal(map[string]string{"texte": fmt.Sprintf("%0500d", 0)})
	draft := func(n int64) journal.Draft {
		return journal.Draft{Actor: "test", Type: "test.event", Payload: payload, Key: fmt.Sprintf("clé-%d", n),
			Secrets: map[string][]byte{fmt.Sprintf("secret-%d", n): []byte("valeur")}}
	}
	for ; head < 5; head++ {
		if _, err := s.Append(ctx, head, draft(head+1)); err != nil {
			t.Fatal(err)
		}
	}
	free := FillDisk(t, dir)
	for range 10000 {
		if _, err := s.Append(ctx, head, draft(head+1)); err != nil {
			refused = err
			break
		}
		head++
	}
	if !errors.Is(refused, journal.ErrFull) {
		t.Fatalf("the append on a full disk failed with %v, want journal.ErrFull", refused)
	}
	for range 3 {
		if _, err := s.Append(ctx, head, draft(head+1)); !errors.Is(err, journal.ErrFull) {
			t.Fatalf("again on the full disk: %v, want journal.ErrFull", err)
		}
	}
	h, err := journal.Verify(ctx, s)
	if err != nil || h.Seq != head {
		t.Fatalf("after the refusals the journal verifies to %d (%v), want %d", h.Seq, err, head)
	}
	if _, err := s.ByKey(ctx, fmt.Sprintf("clé-%d", head+1)); !errors.Is(err, journal.ErrNotFound) {
		t.Fatalf("the refused append's key: %v, want not found", err)
	}
	if _, err := s.Secret(ctx, fmt.Sprintf("secret-%d", head+1)); !errors.Is(err, journal.ErrNotFound) {
		t.Fatalf("the refused append's secret: %v, want not found", err)
	}
	free()
	if _, err := s.Append(ctx, head, draft(head+1)); err != nil {
		t.Fatalf("the same append once space returned: %v", err)
	}
	return head + 1, refused
}
