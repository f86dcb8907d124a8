package web

import (
	"sync"
	"time"
)

// contacts remembers when each paired device last made a request, for the
// organiser's list: in memory, not in the journal, since a request is no
// act of the day and an event per request would flood it. A restart
// forgets them until each device's next request.
type contacts struct {
	mu   sync.Mutex
	now  func() time.Time
	seen map[int]time.Time
}

func newContacts(now func() time.Time) *contacts {
	return &contacts{now: now, seen: map[int]time.Time{}}
}

// touch records a request of device id now.
func (c *contacts) touch(id int) {
	t := c.now()
	c.mu.Lock()
	c.seen[id] = t
	c.mu.Unlock()
}

// last is the time of device id's last request, nil when none was seen.
func (c *contacts) last(id int) *time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	t, ok := c.seen[id]
	if !ok {
		return nil
	}
	return &t
}
