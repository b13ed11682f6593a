package transform

import (
	"container/list"
	"sync"
)

// cache keeps recent renders up to a total size in bytes, dropping the
// least recently used first. Keys name the original's exact bytes (bucket
// and version, which a write never reuses) and the options, so an entry is
// never stale: an overwritten object has a new version and new keys.
type cache struct {
	mu    sync.Mutex // guards all below
	limit int64
	size  int64
	order *list.List // front: most recent; values are *cacheEntry
	items map[string]*list.Element
}

type cacheEntry struct {
	key string
	res Result
}

func newCache(limit int64) *cache {
	return &cache{limit: limit, order: list.New(), items: map[string]*list.Element{}}
}

func (c *cache) get(key string) (Result, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	el, ok := c.items[key]
	if !ok {
		return Result{}, false
	}
	c.order.MoveToFront(el)
	return el.Value.(*cacheEntry).res, true
}

// put stores res unless it alone exceeds the budget.
func (c *cache) put(key string, res Result) {
	n := int64(len(res.Body))
	if n > c.limit {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if el, ok := c.items[key]; ok {
		c.size -= int64(len(el.Value.(*cacheEntry).res.Body))
		el.Value.(*cacheEntry).res = res
		c.order.MoveToFront(el)
	} else {
		c.items[key] = c.order.PushFront(&cacheEntry{key: key, res: res})
	}
	c.size += n
	for c.size > c.limit {
		el := c.order.Back()
		e := el.Value.(*cacheEntry)
		c.order.Remove(el)
		delete(c.items, e.key)
		c.size -= int64(len(e.res.Body))
	}
}
