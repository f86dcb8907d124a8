package access

import (
	"context"
	"testing"

	"loto/internal/loto"
)

// TestR27_RoleMatrix runs each command of the book by every role, as
// loto's matrix runs the day's: an allowed role's command is recorded, a
// refused one is EForbidden and appends nothing.
func TestR27_RoleMatrix(t *testing.T) {
	ctx := context.Background()
	for _, rc := range []struct {
		name  string
		cmd   loto.Command
		setup func(t *testing.T, d testDay)
		run   func(d testDay, a loto.Actor) error
	}{
		{"set password", loto.CmdSetPassword, nil, func(d testDay, a loto.Actor) error {
			return d.SetOrganiserPassword(ctx, a, "cheval batterie agrafe")
		}},
		{"add device", loto.CmdAddDevice, nil, func(d testDay, a loto.Actor) error {
			_, err := d.AddDevice(ctx, a, "tablette", loto.RoleHost, "")
			return err
		}},
		{"revoke device", loto.CmdRevokeDevice, func(t *testing.T, d testDay) {
			_, err := d.AddDevice(ctx, org("org"), "tablette", loto.RoleHost, "")
			ok(t, err)
		}, func(d testDay, a loto.Actor) error {
			_, err := d.RevokeDevice(ctx, a, 1, "perdue")
			return err
		}},
	} {
		for _, r := range loto.Roles {
			t.Run(rc.name+"/"+string(r), func(t *testing.T) {
				d, store := newDay(t)
				if rc.setup != nil {
					rc.setup(t, d)
				}
				a := loto.Actor{Name: "Marie", Role: r}
				if r == loto.RoleCashier {
					a.Desk = "caisse-1"
				}
				before := count(t, store)
				err := rc.run(d, a)
				if loto.Allowed(r, rc.cmd) {
					ok(t, err)
					return
				}
				wantCode(t, err, loto.EForbidden)
				nothingWritten(t, store, before)
			})
		}
	}
}
