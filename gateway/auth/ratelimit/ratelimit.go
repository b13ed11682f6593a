// Package ratelimit is the token bucket behind /auth/v1's rate limits:
// one bucket per key (a client address, an e-mail address, a factor), in
// the process's memory. It knows nothing of HTTP or of GoTrue's error
// codes; gateway/auth turns a refusal into its 429 answer.
package ratelimit

import (
	"math"
	"sync"
	"time"
)

// Rate is a token bucket: up to Burst requests at once, refilled evenly
// at Burst per Per. A zero Burst means unlimited. Env values are written
// "N/duration" ("300/5m") or "off".
type Rate struct {
	Burst int
	Per   time.Duration
}

// Limiter is one token bucket per key. It keeps no goroutines.
type Limiter struct {
	rate     Rate
	perToken time.Duration // time to regain one token

	mu        sync.Mutex // protects the fields below
	buckets   map[string]*bucket
	lastSweep time.Time
}

type bucket struct {
	tokens float64
	last   time.Time
}

// sweepSize is the number of keys above which full buckets are dropped.
const sweepSize = 10_000

// New returns a limiter of rate r.
func New(r Rate) *Limiter {
	l := &Limiter{rate: r, buckets: map[string]*bucket{}}
	if r.Burst > 0 && r.Per > 0 {
		l.perToken = r.Per / time.Duration(r.Burst)
	}
	return l
}

// Off reports whether the limiter lets everything through.
func (l *Limiter) Off() bool { return l.rate.Burst <= 0 || l.perToken <= 0 }

// Take spends one token of key's bucket. When the bucket is empty it
// spends nothing and answers false with the wait until a token is back.
func (l *Limiter) Take(key string, now time.Time) (wait time.Duration, ok bool) {
	return l.spend(key, now, true)
}

// Check answers as Take without spending: a caller that counts only
// failures checks first and takes on failure.
func (l *Limiter) Check(key string, now time.Time) (wait time.Duration, ok bool) {
	return l.spend(key, now, false)
}

// Reset forgets every bucket.
func (l *Limiter) Reset() {
	l.mu.Lock()
	l.buckets = map[string]*bucket{}
	l.mu.Unlock()
}

func (l *Limiter) spend(key string, now time.Time, consume bool) (time.Duration, bool) {
	if l.Off() {
		return 0, true
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.bucketLocked(key, now)
	if b.tokens < 1 {
		return time.Duration((1 - b.tokens) * float64(l.perToken)), false
	}
	if consume {
		b.tokens--
	}
	return 0, true
}

// bucketLocked returns key's bucket refilled up to now.
func (l *Limiter) bucketLocked(key string, now time.Time) *bucket {
	if len(l.buckets) > sweepSize && now.Sub(l.lastSweep) > time.Minute {
		l.sweepLocked(now)
	}
	b, ok := l.buckets[key]
	if !ok {
		b = &bucket{tokens: float64(l.rate.Burst), last: now}
		l.buckets[key] = b
		return b
	}
	if elapsed := now.Sub(b.last); elapsed > 0 {
		b.tokens = math.Min(float64(l.rate.Burst), b.tokens+float64(elapsed)/float64(l.perToken))
		b.last = now
	}
	return b
}

// sweepLocked forgets buckets that have refilled completely: a new bucket
// starts full, so nothing is lost.
func (l *Limiter) sweepLocked(now time.Time) {
	l.lastSweep = now
	for k, b := range l.buckets {
		if float64(now.Sub(b.last))/float64(l.perToken)+b.tokens >= float64(l.rate.Burst) {
			delete(l.buckets, k)
		}
	}
}
