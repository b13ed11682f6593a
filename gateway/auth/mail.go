package auth

import (
	"context"
	"fmt"

	"daybase/gateway/auth/mailer"
)

// sendMail renders and delivers one mail.
func (s *Service) sendMail(ctx context.Context, kind, to string, d mailer.Data) error {
	d.SiteURL = s.cfg.SiteURL
	if d.Email == "" {
		d.Email = to
	}
	m, err := mailer.Render(kind, to, d)
	if err != nil {
		return err
	}
	if err := s.mailer.Send(ctx, m); err != nil {
		return fmt.Errorf("send %s mail: %w", kind, err)
	}
	return nil
}
