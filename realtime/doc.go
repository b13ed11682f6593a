// Package realtime is Daybase's /realtime/v1: the Phoenix-channel service
// the unmodified realtime-js client (in @supabase/supabase-js) talks to.
//
// A client opens /realtime/v1/websocket?apikey=…&vsn=2.0.0 (or 1.0.0),
// joins channels ("realtime:room1") and on each gets:
//
//   - postgres_changes: row changes of tables in the supabase_realtime
//     publication, read from a permanent logical replication slot
//     (package wal, decoding pgoutput), filtered by the channel's
//     bindings (package filter) and delivered only when the subscriber's
//     own role and JWT claims may SELECT the row under row-level security
//     (package rls, which checks many subscribers and rows per round trip);
//   - broadcast: messages between clients of a topic, over the socket or
//     POST /realtime/v1/api/broadcast, with self and ack options, and
//     private topics authorised by policies on realtime.messages;
//   - presence: track/untrack with presence_state and presence_diff.
//
// The wire format is package phx. Each connection has a bounded send
// queue: a client that cannot keep up is disconnected instead of slowing
// anyone else down.
//
// Several instances on one database act as one service (package cluster):
// one of them, elected with an advisory lock, reads the slot and passes
// changes to the others over LISTEN/NOTIFY, which also carries broadcasts
// and presence. A transaction is acknowledged to the slot only after it
// was handed to local subscribers and to the other instances, so a crash
// loses nothing: the next leader streams it again.
//
//	srv, err := realtime.New(realtime.Config{Signer: signer, Admin: adminPool, API: apiPool, Log: log})
//	mux.Handle("/realtime/v1/", http.StripPrefix("/realtime/v1", srv))
//	defer srv.Close()
package realtime
