// Package loto is the domain of a loto day: the event and its programme,
// series of cards, desks and sales, reservations and the door, the games
// with their calls, controls, ties and prizes, refunds and breaks. Its
// neighbours read it through the State's exported API: the access control
// (internal/access), the reports (internal/report), the published rules
// (internal/rulebook).
//
// The state of the day (State, in day.go) is a pure fold of the journal's
// events, each type's fold named in catalogue.go. A command (Day.Sell,
// Day.Draw, Day.Claim, ...) is checked against the state and becomes
// events appended with the sequence it expects; on a conflict the Day
// catches up and checks again. Every command takes the Actor that runs it
// (a name, a role, a cashier's desk) and first checks it against the role
// table (roles.go: Allowed, Authorize): a refusal appends nothing. The
// package does no I/O of its own: it reads and appends through a
// journal.Store. Rules are cited by their id in docs/rules.md (R1..R34,
// L1, P1); the tests that prove them carry it.
package loto
