package phx_test

import (
	"fmt"

	"daybase/realtime/phx"
)

func ExampleDecode() {
	m, _ := phx.Decode(phx.V2, false, []byte(`["1","1","realtime:room1","phx_join",{"config":{}}]`))
	reply := phx.EncodeText(phx.V2, m.JoinRef, m.Ref, m.Topic, "phx_reply", phx.ReplyPayload("ok", []byte(`{"postgres_changes":[]}`)))
	fmt.Println(string(reply))
	// Output: ["1","1","realtime:room1","phx_reply",{"status":"ok","response":{"postgres_changes":[]}}]
}
