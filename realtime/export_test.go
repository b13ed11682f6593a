package realtime

// Crash stops the server the way a killed process stops, for tests: the
// sockets and database connections drop, and no goodbye reaches the other
// instances, which notice only when the heartbeats stop.
func (s *Server) Crash() {
	s.mu.Lock()
	s.closed = true
	socks := make([]*socket, 0, len(s.sockets))
	for sk := range s.sockets {
		socks = append(socks, sk)
	}
	s.mu.Unlock()
	s.cancel()
	for _, sk := range socks {
		sk.conn.CloseNow()
	}
	s.wg.Wait()
	s.bus.Close()
}
