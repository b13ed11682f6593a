package auth

import (
	"math"
	"strconv"
	"sync"
	"time"
)

// limiters are the service's rate limits (Config.RateLimits), each a set
// of token buckets keyed by client address or e-mail.
type limiters struct {
	signIn         *limiter
	signInFailures *limiter
	signUp         *limiter
	otp            *limiter
	emailSend      *limiter
	verify         *limiter
	mfaVerify      *limiter
	mfaFailures    *limiter
	refresh        *limiter
}

func newLimiters(c RateLimits) *limiters {
	return &limiters{
		signIn:         newLimiter(c.SignInIP, CodeOverRequestRateLimit),
		signInFailures: newLimiter(c.SignInFailuresEmail, CodeOverRequestRateLimit),
		signUp:         newLimiter(c.SignUpIP, CodeOverRequestRateLimit),
		otp:            newLimiter(c.OTPIP, CodeOverRequestRateLimit),
		emailSend:      newLimiter(c.EmailSend, CodeOverEmailSendRateLimit),
		verify:         newLimiter(c.VerifyIP, CodeOverRequestRateLimit),
		mfaVerify:      newLimiter(c.MFAVerifyIP, CodeOverRequestRateLimit),
		mfaFailures:    newLimiter(c.MFAFailuresFactor, CodeOverRequestRateLimit),
		refresh:        newLimiter(c.RefreshIP, CodeOverRequestRateLimit),
	}
}

// close forgets every bucket; limiters keep no goroutines.
func (l *limiters) close() {
	for _, lim := range []*limiter{l.signIn, l.signInFailures, l.signUp, l.otp, l.emailSend, l.verify, l.mfaVerify, l.mfaFailures, l.refresh} {
		lim.mu.Lock()
		lim.buckets = map[string]*bucket{}
		lim.mu.Unlock()
	}
}

// limiter is one token bucket per key.
type limiter struct {
	rate     Rate
	perToken time.Duration // time to regain one token
	code     Code

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

func newLimiter(r Rate, code Code) *limiter {
	l := &limiter{rate: r, code: code, buckets: map[string]*bucket{}}
	if r.Burst > 0 && r.Per > 0 {
		l.perToken = r.Per / time.Duration(r.Burst)
	}
	return l
}

func (l *limiter) off() bool { return l.rate.Burst <= 0 || l.perToken <= 0 }

// take spends one token of key's bucket or answers 429.
func (l *limiter) take(key string, now time.Time) error {
	return l.spend(key, now, true)
}

// check answers 429 when key's bucket is empty, spending nothing; a
// caller that counts only failures checks first and takes on failure.
func (l *limiter) check(key string, now time.Time) error {
	return l.spend(key, now, false)
}

func (l *limiter) spend(key string, now time.Time, consume bool) error {
	if l.off() {
		return nil
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.bucketLocked(key, now)
	if b.tokens < 1 {
		wait := time.Duration((1 - b.tokens) * float64(l.perToken))
		return l.refusal(wait)
	}
	if consume {
		b.tokens--
	}
	return nil
}

// bucketLocked returns key's bucket refilled up to now.
func (l *limiter) bucketLocked(key string, now time.Time) *bucket {
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
func (l *limiter) sweepLocked(now time.Time) {
	l.lastSweep = now
	for k, b := range l.buckets {
		if float64(now.Sub(b.last))/float64(l.perToken)+b.tokens >= float64(l.rate.Burst) {
			delete(l.buckets, k)
		}
	}
}

func (l *limiter) refusal(wait time.Duration) *apiError {
	secs := int(math.Ceil(wait.Seconds()))
	if secs < 1 {
		secs = 1
	}
	if l.code == CodeOverEmailSendRateLimit {
		return &apiError{Code: l.code, RetryAfter: secs,
			Msg: "For security purposes, you can only request this after " + strconv.Itoa(secs) + " seconds."}
	}
	return &apiError{Code: l.code, RetryAfter: secs, Msg: "Request rate limit reached"}
}
