package parse_test

import (
	"encoding/json"
	"fmt"
	"net/http"

	"daybase/gateway/rest/parse"
)

func ExampleParse() {
	h := http.Header{
		"Accept-Profile": {"public"},
		"Prefer":         {"count=exact"},
	}
	r, err := parse.Parse("GET", "/projects",
		"select=id,client:clients!inner(name)&client.name=ilike.*soft*&or=(id.lt.3,id.gt.8)&order=id.desc&limit=2",
		h, parse.Config{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println("resource:", r.Resource.Name, "profile:", r.Profile)
	fmt.Println("select:", parse.FormatSelect(r.Select))
	for _, f := range r.Filters {
		key, value := f.Param()
		fmt.Printf("filter on %v: %s=%s, SQL operand %q\n", f.Path, key, value, f.Operand())
	}
	fmt.Println("logic:", r.Logic[0].Tree)
	fmt.Println("order:", parse.FormatOrder(r.Order[0].Terms))
	fmt.Printf("range: %+v\n", r.Range)
	fmt.Println("Preference-Applied:", r.Prefer.Applied(r.Action))
	// Output:
	// resource: projects profile: public
	// select: id,client:clients!inner(name)
	// filter on [client]: client.name=ilike.*soft*, SQL operand "%soft%"
	// logic: or(id.lt.3,id.gt.8)
	// order: id.desc
	// range: {Offset:0 Limit:2 HasLimit:true}
	// Preference-Applied: count=exact
}

func ExampleParse_rpcArguments() {
	r, _ := parse.Parse("GET", "/rpc/search", "q=cats&limit=5&id=gt.3", http.Header{}, parse.Config{})
	fmt.Printf("%+v\n", r.Args)
	fmt.Println(len(r.Filters), "filter on", r.Filters[0].Field)
	// Output:
	// [{Name:q Value:cats}]
	// 1 filter on id
}

func ExampleParse_error() {
	_, err := parse.Parse("GET", "/items", "order=id.asc.nullslasttt", http.Header{}, parse.Config{})
	body, _ := json.Marshal(err)
	fmt.Println(err.(*parse.Error).Status, string(body))
	// Output:
	// 400 {"code":"PGRST100","details":"unexpected 't' expecting \",\" or end of input","hint":null,"message":"\"failed to parse order (id.asc.nullslasttt)\" (line 1, column 17)"}
}

func ExampleNegotiate() {
	h := http.Header{"Accept": {"text/html, application/vnd.pgrst.object+json;q=0.9"}}
	mt, err := parse.Negotiate(parse.ParseAccept(h), false)
	fmt.Println(mt.ContentType(), err)
	// Output:
	// application/vnd.pgrst.object+json; charset=utf-8 <nil>
}
