package plan

import (
	"bytes"
	"encoding/json"
	"net/url"
	"slices"

	"daybase/gateway/rest/parse"
	"daybase/gateway/rest/schemacache"
)

// Payload is a request body as PostgREST reads it (ApiRequest.getPayload).
type Payload struct {
	// Rows is the body as a JSON array of objects: an object body is
	// wrapped in an array, a JSON scalar becomes the empty array. The SQL
	// reads it with json_array_elements.
	Rows []byte
	// Keys are the object keys, sorted: those of the first object (every
	// object must have the same unless ?columns= was given), or the union
	// of all objects' keys when columns were given.
	Keys []string
	// First is the first object, for RPC arguments and PUT's key check.
	First map[string]json.RawMessage
	// Count is the number of objects.
	Count int
	// Raw is the body as sent, for a function's single unnamed parameter.
	Raw []byte
	// Kind is how the arguments came, for function resolution.
	Kind schemacache.Payload
}

// ParsePayload decodes a request body of media type ct. uniform requires
// every object of an array to have the same keys (no ?columns=). rpc
// allows an empty body ({}) and raw text, xml and binary bodies.
func ParsePayload(ct parse.MediaType, body []byte, uniform, rpc bool) (*Payload, error) {
	switch ct.Kind {
	case parse.MediaJSON, parse.MediaAny, parse.MediaArrayStripped, parse.MediaSingular:
		return parseJSONPayload(body, uniform, rpc)
	case parse.MediaURLEncoded:
		vals, err := url.ParseQuery(string(body))
		if err != nil {
			return nil, InvalidBody("Empty or invalid json")
		}
		obj := map[string]string{}
		for k, v := range vals {
			obj[k] = v[len(v)-1]
		}
		b, _ := json.Marshal(obj)
		p, err := parseJSONPayload(b, uniform, rpc)
		if err != nil {
			return nil, err
		}
		p.Kind = schemacache.PayloadForm
		return p, nil
	case parse.MediaTextPlain, parse.MediaTextXML, parse.MediaOctetStream:
		if !rpc {
			break
		}
		kind := map[parse.MediaKind]schemacache.Payload{
			parse.MediaTextPlain: schemacache.PayloadText, parse.MediaTextXML: schemacache.PayloadXML,
			parse.MediaOctetStream: schemacache.PayloadOctetStream,
		}[ct.Kind]
		return &Payload{Rows: []byte("[]"), Raw: body, Kind: kind}, nil
	}
	return nil, InvalidBody("Content-Type not acceptable: " + ct.Mime())
}

func parseJSONPayload(body []byte, uniform, rpc bool) (*Payload, error) {
	p := &Payload{Raw: body, Kind: schemacache.PayloadJSON}
	trimmed := bytes.TrimSpace(body)
	if len(trimmed) == 0 {
		if !rpc {
			return nil, InvalidBody("Empty or invalid json")
		}
		trimmed = []byte("{}")
		p.Raw = trimmed
	}
	if !json.Valid(trimmed) {
		return nil, InvalidBody("Empty or invalid json")
	}
	switch trimmed[0] {
	case '{':
		var obj map[string]json.RawMessage
		if err := json.Unmarshal(trimmed, &obj); err != nil {
			return nil, InvalidBody("Empty or invalid json")
		}
		p.First, p.Count = obj, 1
		p.Keys = sortedKeys(obj)
		p.Rows = append(append([]byte("["), trimmed...), ']')
	case '[':
		var arr []json.RawMessage
		if err := json.Unmarshal(trimmed, &arr); err != nil {
			return nil, InvalidBody("Empty or invalid json")
		}
		union := map[string]bool{}
		for i, el := range arr {
			var obj map[string]json.RawMessage
			if err := json.Unmarshal(el, &obj); err != nil || obj == nil {
				return nil, InvalidBody("All object keys must match")
			}
			keys := sortedKeys(obj)
			if i == 0 {
				p.First, p.Keys = obj, keys
			} else if uniform && !slices.Equal(keys, p.Keys) {
				return nil, InvalidBody("All object keys must match")
			}
			for _, k := range keys {
				union[k] = true
			}
		}
		if !uniform {
			p.Keys = sortedKeys(union)
		}
		p.Count = len(arr)
		p.Rows = trimmed
	default:
		// PostgREST treats a JSON scalar as an empty array.
		p.Rows = []byte("[]")
	}
	if p.First == nil {
		p.First = map[string]json.RawMessage{}
	}
	return p, nil
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
