package realtime

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"daybase/internal/token"
	"daybase/realtime/cluster"
	"daybase/realtime/rls"
)

// Config configures a Server. Zero values take the defaults given.
type Config struct {
	// Signer verifies access tokens (ES256/RS256 by kid, or HS256).
	Signer *token.Signer
	// Admin is a superuser pool: catalog reads, the replication slot, the
	// leader lock and the cluster bus.
	Admin *pgxpool.Pool
	// API is the authenticator pool REST requests use; RLS checks run on it
	// as each subscriber's role.
	API *pgxpool.Pool

	// Publication whose tables postgres_changes can follow. Default
	// "supabase_realtime".
	Publication string
	// Slot is the permanent logical replication slot. Default
	// "daybase_realtime". Slot names are cluster-wide: databases sharing a
	// cluster need different ones.
	Slot string
	// InstanceID names this instance on the cluster bus. Default random.
	InstanceID string

	// MaxChannelsPerSocket limits joined channels per connection
	// ("ChannelRateLimitReached: Too many channels"). Default 100.
	MaxChannelsPerSocket int
	// MaxEventsPerSecond limits broadcast and presence pushes per
	// connection; a client may ask for less with ?eventsPerSecond=N (the
	// spec's client asks for 10). Pushes over the limit are dropped and
	// answered with an error. Default 100.
	MaxEventsPerSecond int
	// SendQueue is how many frames may wait for a slow client before its
	// connection is dropped. Default 1024.
	SendQueue int
	// IdleTimeout closes a connection that sent nothing (clients send a
	// heartbeat every 25 s). Default 60 s.
	IdleTimeout time.Duration
	// WriteTimeout bounds one frame write. Default 10 s.
	WriteTimeout time.Duration
	// MaxMessageBytes caps one client frame. Default 1 MiB.
	MaxMessageBytes int64
	// MaxPayloadBytes caps a broadcast or presence payload. Default 256 KiB.
	MaxPayloadBytes int
	// MaxRecordBytes caps a change's record; bigger ones are sent with
	// values over 64 bytes dropped and errors ["Error 413: Payload Too
	// Large"], as the hosted service does. Default 1 MiB.
	MaxRecordBytes int

	// ResumeWindow is how long changes committed while no instance was
	// streaming (after a restart or fail-over) are kept for clients that
	// subscribe again; see docs/decisions.md. Default 2 min; negative
	// disables.
	ResumeWindow time.Duration
	// ResumeMaxChanges bounds the changes kept for ResumeWindow. Default
	// 100000.
	ResumeMaxChanges int
	// LeaderRetry is the leader election's poll interval: the fail-over
	// delay. Default 1 s.
	LeaderRetry time.Duration
	// PeerHeartbeat is how often instances announce themselves; a peer
	// silent for three of them is presumed dead and its presences leave.
	// Default 2 s.
	PeerHeartbeat time.Duration
	// CatalogTTL bounds how long table, privilege and policy information
	// is cached (schema changes also clear it at once). Default 30 s.
	CatalogTTL time.Duration

	Log *slog.Logger
}

func (c *Config) setDefaults() {
	def := func(v *int, d int) {
		if *v <= 0 {
			*v = d
		}
	}
	defDur := func(v *time.Duration, d time.Duration) {
		if *v == 0 {
			*v = d
		}
	}
	if c.Publication == "" {
		c.Publication = "supabase_realtime"
	}
	if c.Slot == "" {
		c.Slot = "daybase_realtime"
	}
	if c.InstanceID == "" {
		b := make([]byte, 6)
		rand.Read(b)
		c.InstanceID = hex.EncodeToString(b)
	}
	def(&c.MaxChannelsPerSocket, 100)
	def(&c.MaxEventsPerSecond, 100)
	def(&c.SendQueue, 1024)
	def(&c.MaxPayloadBytes, 256<<10)
	def(&c.MaxRecordBytes, 1<<20)
	def(&c.ResumeMaxChanges, 100000)
	if c.MaxMessageBytes <= 0 {
		c.MaxMessageBytes = 1 << 20
	}
	defDur(&c.IdleTimeout, 60*time.Second)
	defDur(&c.WriteTimeout, 10*time.Second)
	defDur(&c.ResumeWindow, 2*time.Minute)
	defDur(&c.LeaderRetry, time.Second)
	defDur(&c.PeerHeartbeat, 2*time.Second)
	defDur(&c.CatalogTTL, 30*time.Second)
	if c.Log == nil {
		c.Log = slog.New(slog.DiscardHandler)
	}
}

// Server is the realtime service: an http.Handler for /realtime/v1 with
// the prefix stripped.
type Server struct {
	cfg     Config
	log     *slog.Logger
	mux     *http.ServeMux
	catalog *rls.Catalog
	hub     *hub
	pres    *presenceStore
	disp    *dispatcher
	bus     *cluster.Bus
	peers   *peerSet
	now     func() time.Time
	// selfPrefix starts every bus message this instance sends.
	selfPrefix []byte
	// slotReady is closed once the slot has its consistent point; see
	// watchSlot.
	slotReady chan struct{}

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu      sync.Mutex // guards sockets, closed
	sockets map[*socket]struct{}
	closed  bool

	roleMu sync.Mutex // guards roles
	roles  map[string]bool
}

// New starts the service: it joins the cluster bus (so it misses nothing
// published after New returns) and competes to read the replication slot.
func New(cfg Config) (*Server, error) {
	cfg.setDefaults()
	if cfg.Signer == nil || cfg.Admin == nil || cfg.API == nil {
		return nil, errors.New("realtime: Signer, Admin and API are required")
	}
	s := &Server{
		cfg:     cfg,
		log:     cfg.Log,
		catalog: rls.NewCatalog(cfg.Admin, cfg.CatalogTTL),
		hub:     newHub(),
		peers:   newPeerSet(),
		now:     time.Now,
		sockets: map[*socket]struct{}{},
		roles:   map[string]bool{},

		slotReady: make(chan struct{}),
	}
	id, _ := json.Marshal(cfg.InstanceID) // as encoding busMsg renders it
	s.selfPrefix = append(append([]byte(`{"o":`), id...), ',')
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.pres = newPresenceStore(s)
	s.disp = newDispatcher(s)

	bus, err := cluster.NewBus(s.ctx, cluster.BusConfig{
		Pool:            cfg.Admin,
		Channel:         busChannel,
		Also:            []string{"pgrst"},
		Handle:          s.onBus,
		OnReconnect:     s.onBusReconnect,
		ApplicationName: "daybase realtime bus " + cfg.InstanceID,
		Log:             s.log,
	})
	if err != nil {
		s.cancel()
		return nil, fmt.Errorf("realtime: %w", err)
	}
	s.bus = bus
	s.announce(kindHello)

	s.wg.Add(4)
	go func() { defer s.wg.Done(); s.disp.run(s.ctx) }()
	go func() { defer s.wg.Done(); s.watchSlot(s.ctx) }()
	go func() { defer s.wg.Done(); s.heartbeat(s.ctx) }()
	go func() {
		defer s.wg.Done()
		cluster.RunElector(s.ctx, cluster.ElectorConfig{
			Conn:            cfg.Admin.Config().ConnConfig,
			Name:            cfg.Slot,
			Retry:           cfg.LeaderRetry,
			ApplicationName: "daybase realtime leader " + cfg.InstanceID,
			Log:             s.log,
		}, s.lead)
	}()

	s.mux = http.NewServeMux()
	s.mux.HandleFunc("GET /websocket", s.serveWebsocket)
	s.mux.Handle("POST /api/broadcast", apiHandler(s.log, s.postBroadcast))
	s.mux.Handle("POST /api/broadcast/{topic}/events/{event}", apiHandler(s.log, s.postBroadcastEvent))
	return s, nil
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// Sockets returns how many WebSocket connections are open (for /metrics).
func (s *Server) Sockets() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.sockets)
}

// Close disconnects every client, leaves the cluster and stops streaming.
// Unacknowledged changes stay in the slot for the next reader.
func (s *Server) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	socks := make([]*socket, 0, len(s.sockets))
	for sk := range s.sockets {
		socks = append(socks, sk)
	}
	s.mu.Unlock()
	for _, sk := range socks {
		sk.shutdown(closeGoingAway, "server shutting down")
	}
	s.announce(kindBye)
	s.cancel()
	s.wg.Wait()
	s.bus.Close()
}

func (s *Server) addSocket(sk *socket) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return false
	}
	s.sockets[sk] = struct{}{}
	return true
}

func (s *Server) removeSocket(sk *socket) {
	s.mu.Lock()
	delete(s.sockets, sk)
	s.mu.Unlock()
}

// roleAllowed reports whether the authenticator may become role, as the
// REST gateway would for a JWT with that role.
func (s *Server) roleAllowed(ctx context.Context, role string) (bool, error) {
	s.roleMu.Lock()
	ok, cached := s.roles[role]
	s.roleMu.Unlock()
	if cached {
		return ok, nil
	}
	err := s.cfg.API.QueryRow(ctx, stmt.RoleAllowed, role).Scan(&ok)
	if err != nil {
		return false, fmt.Errorf("check role %q: %w", role, err)
	}
	s.roleMu.Lock()
	s.roles[role] = ok
	s.roleMu.Unlock()
	return ok, nil
}

// watchSlot closes slotReady once the replication slot has a consistent
// point (confirmed_flush_lsn is set). Before that, whichever instance
// creates the slot, it captures nothing: CREATE_REPLICATION_SLOT waits for
// every transaction running in the whole cluster, other databases'
// included, which may take seconds or longer on a shared cluster. Clients
// are told "Subscribed to PostgreSQL" only after it (see afterSlotReady).
func (s *Server) watchSlot(ctx context.Context) {
	for {
		var ready bool
		err := s.cfg.Admin.QueryRow(ctx, stmt.SlotReady, s.cfg.Slot).Scan(&ready)
		if err == nil && ready {
			close(s.slotReady)
			return
		}
		select {
		case <-ctx.Done():
			return
		case <-time.After(min(s.cfg.LeaderRetry, time.Second)):
		}
	}
}

// afterSlotReady runs f now if the slot captures changes, else once it
// does (unless ctx ends first).
func (s *Server) afterSlotReady(ctx context.Context, f func()) {
	select {
	case <-s.slotReady:
		f()
		return
	default:
	}
	go func() {
		select {
		case <-s.slotReady:
			f()
		case <-ctx.Done():
		}
	}()
}
