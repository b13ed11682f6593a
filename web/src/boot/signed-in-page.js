// Inlined after #root in the prerendered /app page (web/scripts/prerender.mjs):
// before the first paint, writes the user's own words into the markup from
// the session supabase-js stored, as React will render them (greetingFor,
// dateLineFor, initialsOf in src/features/shell/utils/signed-in-text.ts; a
// test holds them together). Without a usable session, or one that must
// still answer the second factor, the markup stays hidden (styles.css shows
// it only once this has run): main.tsx drops it.
;(function () {
  var root = document.getElementById('root')
  try {
    var session = null
    for (var i = 0; i < localStorage.length; i++) {
      var key = localStorage.key(i) || ''
      if (key.indexOf('sb-') === 0 && /-auth-token$/.test(key)) session = JSON.parse(localStorage.getItem(key))
    }
    var user = session && session.user
    if (!user || typeof session.access_token !== 'string' || typeof user.id !== 'string') throw new Error('no session')
    var part = session.access_token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')
    var claims = JSON.parse(decodeURIComponent(escape(atob(part + '==='.slice((part.length + 3) % 4)))))
    var verified = (user.factors || []).some(function (f) {
      return f.status === 'verified'
    })
    if (claims.aal !== 'aal2' && verified) throw new Error('second factor needed')

    var meta = user.user_metadata || {}
    var given = meta.full_name != null ? meta.full_name : meta.name
    var name = typeof given === 'string' ? given.trim() : ''
    var first = name.split(' ')[0]
    var now = new Date()
    var hour = now.getHours()
    var greeting = hour < 12 ? 'Good morning' : hour < 18 ? 'Good afternoon' : 'Good evening'
    var parts = (name || user.email || '').trim().split(/[\s@._-]+/).filter(Boolean)
    var initials = ((parts[0] ? parts[0][0] : '') + (parts[1] ? parts[1][0] : '')).toUpperCase() || '?'
    var text = {
      greeting: first ? greeting + ', ' + first : greeting,
      date: now.toLocaleDateString(undefined, { weekday: 'long', month: 'long', day: 'numeric' }),
      initials: initials,
    }
    var marked = root.querySelectorAll('[data-boot]')
    for (var j = 0; j < marked.length; j++) {
      var el = marked[j]
      var value = text[el.getAttribute('data-boot')]
      if (value === undefined) continue
      el.textContent = value
      var label = el.closest('[data-boot-label]')
      if (label) label.setAttribute('aria-label', label.getAttribute('data-boot-label') + value)
    }
    root.setAttribute('data-boot-done', '')
  } catch (e) {
    root.style.visibility = 'hidden'
  }
})()
