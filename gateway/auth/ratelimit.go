package auth

import (
	"math"
	"strconv"
	"time"

	"daybase/gateway/auth/apierr"
	"daybase/gateway/auth/conf"
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

func newLimiters(c conf.RateLimits) *limiters {
	return &limiters{
		signIn:         newLimiter(c.SignInIP, apierr.CodeOverRequestRateLimit),
		signInFailures: newLimiter(c.SignInFailuresEmail, apierr.CodeOverRequestRateLimit),
		signUp:         newLimiter(c.SignUpIP, apierr.CodeOverRequestRateLimit),
		otp:            newLimiter(c.OTPIP, apierr.CodeOverRequestRateLimit),
		emailSend:      newLimiter(c.EmailSend, apierr.CodeOverEmailSendRateLimit),
		verify:         newLimiter(c.VerifyIP, apierr.CodeOverRequestRateLimit),
		mfaVerify:      newLimiter(c.MFAVerifyIP, apierr.CodeOverRequestRateLimit),
		mfaFailures:    newLimiter(c.MFAFailuresFactor, apierr.CodeOverRequestRateLimit),
		refresh:        newLimiter(c.RefreshIP, apierr.CodeOverRequestRateLimit),
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
	code apierr.Code
}

func newLimiter(r Rate, code apierr.Code) *limiter {
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

func (l *limiter) refusal(wait time.Duration) *apierr.Error {
	secs := int(math.Ceil(wait.Seconds()))
	if secs < 1 {
		secs = 1
	}
	if l.code == apierr.CodeOverEmailSendRateLimit {
		return &apierr.Error{Code: l.code, RetryAfter: secs,
			Msg: "For security purposes, you can only request this after " + strconv.Itoa(secs) + " seconds."}
	}
	return &apierr.Error{Code: l.code, RetryAfter: secs, Msg: "Request rate limit reached"}
}
