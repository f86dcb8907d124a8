// Package postgres is the journal on PostgreSQL (pgx). Appends are serialised
// by a row lock on the one-row head table and committed durably; followers
// are woken by LISTEN/NOTIFY on a dedicated connection that reconnects and
// catches up on its own.
package postgres

import (
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"loto/internal/journal"
)

//go:embed migration/*.sql
var migrations embed.FS

const (
	// channel is the NOTIFY channel; its payload is only the new head sequence.
	channel = "loto_journal"
	// listenerName marks the listening connection in pg_stat_activity.
	listenerName = "loto-journal-listener"
	// defaultConnectTimeout bounds a connection attempt when the URL sets no
	// connect_timeout, so a down server is reported instead of hanging.
	defaultConnectTimeout = 5 * time.Second
	// defaultMaxConns leaves room for a Read whose callback appends, beside
	// concurrent writers, when the URL sets no pool_max_conns.
	defaultMaxConns = 8
	// migrateLock is the advisory lock key that serialises migrating processes.
	migrateLock = 0x6c6f746f // "loto"
)

var errClosed = errors.New("journal: store closed")

// Store is a journal.Store on a PostgreSQL database.
type Store struct {
	pool    *pgxpool.Pool
	clock   journal.Clock
	note    *notifier
	recheck time.Duration   // how often Wait re-reads the head if no NOTIFY came
	pruning journal.Pruning // when Count deletes the ended windows

	stop      context.CancelFunc // stops the listener
	closed    chan struct{}
	listening chan struct{} // closed when the listener goroutine has ended
	closeOnce sync.Once
}

var _ journal.Store = (*Store)(nil)

// Open connects to the database at url (postgres://...), applies pending
// migrations and starts listening for appends. A nil clock means time.Now.
func Open(ctx context.Context, url string, clock journal.Clock) (*Store, error) {
	if clock == nil {
		clock = time.Now
	}
	cfg, err := config(url)
	if err != nil {
		return nil, err
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, connectError(cfg.ConnConfig, err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, connectError(cfg.ConnConfig, err)
	}
	if err := migrate(ctx, pool); err != nil {
		pool.Close()
		return nil, fmt.Errorf("postgres: migration de %s : %w", where(cfg.ConnConfig), err)
	}
	lcfg := cfg.ConnConfig.Copy()
	lcfg.RuntimeParams["application_name"] = listenerName
	note := newNotifier()
	// The first subscription is made here so that, once Open returns,
	// appends from other processes wake waiters at once.
	conn, err := subscribe(ctx, lcfg, note)
	if err != nil {
		pool.Close()
		return nil, connectError(lcfg, err)
	}
	lctx, stop := context.WithCancel(context.Background())
	s := &Store{
		pool: pool, clock: clock, note: note, recheck: 2 * time.Second,
		stop: stop, closed: make(chan struct{}), listening: make(chan struct{}),
	}
	go s.listen(lctx, lcfg, conn)
	return s, nil
}

// config parses url and applies the store's defaults: a bounded connect
// timeout, a pool large enough for nested use, and durable commits.
func config(url string) (*pgxpool.Config, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err != nil {
		return nil, fmt.Errorf("postgres : URL invalide : %w", err)
	}
	if cfg.ConnConfig.ConnectTimeout == 0 {
		cfg.ConnConfig.ConnectTimeout = defaultConnectTimeout
	}
	if !strings.Contains(url, "pool_max_conns") {
		cfg.MaxConns = defaultMaxConns
	}
	// An exclusive turn (Exclude) holds a connection while its holder
	// reads on another: with one, its reads would wait for ever.
	cfg.MaxConns = max(cfg.MaxConns, 2)
	// A server configured with synchronous_commit=off could lose an
	// acknowledged append on a crash; the journal insists.
	cfg.ConnConfig.RuntimeParams["synchronous_commit"] = "on"
	if cfg.ConnConfig.RuntimeParams["application_name"] == "" {
		cfg.ConnConfig.RuntimeParams["application_name"] = "loto"
	}
	return cfg, nil
}

// where names the server and database for messages, without the password.
func where(c *pgx.ConnConfig) string {
	host := c.Host
	if !strings.HasPrefix(host, "/") { // a Unix socket directory has no port syntax
		host = net.JoinHostPort(host, strconv.Itoa(int(c.Port)))
	}
	return fmt.Sprintf("%s (base %q)", host, c.Database)
}

// connectError says which server could not be reached and why.
func connectError(c *pgx.ConnConfig, err error) error {
	return fmt.Errorf("postgres : connexion impossible à %s : %w", where(c), err)
}

// migrate applies each numbered .sql file once, in its own transaction,
// under an advisory lock so that processes starting together take turns.
func migrate(ctx context.Context, pool *pgxpool.Pool) error {
	names, err := fs.Glob(migrations, "migration/*.sql") // sorted by name
	if err != nil {
		return err
	}
	for _, name := range names {
		if err := migrateOne(ctx, pool, name); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	return nil
}

func migrateOne(ctx context.Context, pool *pgxpool.Pool, name string) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock($1)`, int64(migrateLock)); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
			name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`); err != nil {
			return err
		}
		var done bool
		if err := tx.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM schema_migrations WHERE name = $1)`, name).Scan(&done); err != nil {
			return err
		}
		if done {
			return nil
		}
		body, err := migrations.ReadFile(name)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, string(body)); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, `INSERT INTO schema_migrations (name) VALUES ($1)`, name)
		return err
	})
}

// Close stops the listener and closes the connections.
func (s *Store) Close() error {
	s.closeOnce.Do(func() {
		s.stop()
		close(s.closed)
		<-s.listening
		s.pool.Close()
	})
	return nil
}
