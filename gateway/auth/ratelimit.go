package auth

import (
	"math"
	"strconv"
	"time"

	"daybase/gateway/auth/ratelimit"
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
		lim.Reset()
	}
}

// limiter is a bucket per key (gateway/auth/ratelimit) and the code its
// refusals answer with.
type limiter struct {
	*ratelimit.Limiter
	code Code
}

func newLimiter(r Rate, code Code) *limiter {
	return &limiter{Limiter: ratelimit.New(r), code: code}
}

// take spends one token of key's bucket or answers 429.
func (l *limiter) take(key string, now time.Time) error {
	if wait, ok := l.Take(key, now); !ok {
		return l.refusal(wait)
	}
	return nil
}

// check answers 429 when key's bucket is empty, spending nothing; a
// caller that counts only failures checks first and takes on failure.
func (l *limiter) check(key string, now time.Time) error {
	if wait, ok := l.Check(key, now); !ok {
		return l.refusal(wait)
	}
	return nil
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
