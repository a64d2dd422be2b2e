// Command tlog-verify checks the ledger's transparency log with code we did not write: the Go checksum
// database's golang.org/x/mod/sumdb/note (signed notes) and sumdb/tlog (RFC 6962 trees and proofs), as
// Debian packages them (golang-golang-x-mod-dev, GOPATH mode). tests/integration/ledger-outside-verifier.test.ts
// runs it against a test API; it prints one line per check and exits 1 at the first failure.
//
//	go run ./tests/tlog-verify -url http://127.0.0.1:3000 -key '<name>+<hash>+<key>' [-index N]
package main

import (
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"math/rand"
	"net/http"
	"os"
	"strconv"
	"strings"
	"time"

	"golang.org/x/mod/sumdb/note"
	"golang.org/x/mod/sumdb/tlog"
)

type checkpoint struct {
	origin string
	size   int64
	root   tlog.Hash
}

// fail stops at a failure that leaves nothing more to check (a fetch, a signature, a format).
func fail(format string, args ...interface{}) {
	fmt.Printf("FAIL "+format+"\n", args...)
	os.Exit(1)
}

var failed bool

// bad reports a failed check and goes on to the next one; the exit status is 1 at the end.
func bad(format string, args ...interface{}) {
	fmt.Printf("FAIL "+format+"\n", args...)
	failed = true
}

func get(base, path string) []byte {
	res, err := http.Get(base + path)
	if err != nil {
		fail("GET %s: %v", path, err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != 200 {
		fail("GET %s: status %d %s", path, res.StatusCode, body)
	}
	return body
}

// open verifies a signed note with the published key and reads the C2SP tlog-checkpoint in it.
func open(verifiers note.Verifiers, text []byte) checkpoint {
	n, err := note.Open(text, verifiers)
	if err != nil {
		fail("checkpoint signature: %v", err)
	}
	lines := strings.Split(n.Text, "\n")
	if len(lines) < 4 {
		fail("checkpoint: %q is not origin, size and root", n.Text)
	}
	size, err := strconv.ParseInt(lines[1], 10, 64)
	if err != nil {
		fail("checkpoint size: %v", err)
	}
	root, err := tlog.ParseHash(lines[2])
	if err != nil {
		fail("checkpoint root: %v", err)
	}
	return checkpoint{origin: lines[0], size: size, root: root}
}

func hashes(hexes []string) []tlog.Hash {
	out := make([]tlog.Hash, len(hexes))
	for i, h := range hexes {
		b, err := hex.DecodeString(h)
		if err != nil || len(b) != 32 {
			fail("proof hash %q", h)
		}
		copy(out[i][:], b)
	}
	return out
}

// leaf is the row's canonical encoding (docs/ledger-transparency.md), hashed as an RFC 6962 leaf by tlog.
func leaf(investor, date, usd, tokens, kind, reverses string) tlog.Hash {
	return tlog.RecordHash([]byte(strings.Join([]string{"adx-ledger-row/v1", investor, date, usd, tokens, kind, reverses}, "\n")))
}

type inclusion struct {
	LeafHash string `json:"leafHash"`
	Row      struct {
		InvestorID string `json:"investor_id"`
		Date       string `json:"purchase_date"`
		USD        string `json:"investment_amount_usd"`
		Tokens     string `json:"tokens_to_be_distributed"`
		Kind       string `json:"kind"`
		Reverses   *int64 `json:"reverses_index"`
	} `json:"row"`
	Proof []string `json:"proof"`
}

func main() {
	base := flag.String("url", "", "the API's base URL")
	wantKey := flag.String("key", "", "the verifier key published for the ledger")
	index := flag.Int64("index", -1, "the row to prove included (default: a random one)")
	flag.Parse()

	key := strings.TrimSpace(string(get(*base, "/ledger/key")))
	if *wantKey != "" && key != *wantKey {
		fail("the API serves key %s, not the published %s", key, *wantKey)
	}
	verifier, err := note.NewVerifier(key)
	if err != nil {
		fail("verifier key: %v", err)
	}
	verifiers := note.VerifierList(verifier)

	latest := open(verifiers, get(*base, "/ledger/checkpoint"))
	if latest.origin != verifier.Name() {
		fail("checkpoint origin %q is not the key's name %q", latest.origin, verifier.Name())
	}
	fmt.Printf("ok   checkpoint of %d rows signed by %s\n", latest.size, verifier.Name())

	var list struct {
		Checkpoints []struct {
			Size int64  `json:"size"`
			Note string `json:"note"`
		} `json:"checkpoints"`
	}
	if err := json.Unmarshal(get(*base, "/api/ledger/checkpoints?limit=100"), &list); err != nil {
		fail("checkpoint list: %v", err)
	}
	var previous *checkpoint
	for _, c := range list.Checkpoints {
		if c.Size < latest.size {
			p := open(verifiers, []byte(c.Note))
			previous = &p
			break
		}
	}

	i := *index
	if i < 0 {
		i = rand.New(rand.NewSource(time.Now().UnixNano())).Int63n(latest.size)
	}
	var inc inclusion
	if err := json.Unmarshal(get(*base, fmt.Sprintf("/api/ledger/proof/inclusion?index=%d&size=%d", i, latest.size)), &inc); err != nil {
		fail("inclusion proof: %v", err)
	}
	reverses := ""
	if inc.Row.Reverses != nil {
		reverses = strconv.FormatInt(*inc.Row.Reverses, 10)
	}
	h := leaf(inc.Row.InvestorID, inc.Row.Date, inc.Row.USD, inc.Row.Tokens, inc.Row.Kind, reverses)
	if hex.EncodeToString(h[:]) != inc.LeafHash {
		bad("row %d as the API shows it does not hash to the leaf it was logged with", i)
	} else if err := tlog.CheckRecord(hashes(inc.Proof), latest.size, latest.root, i, h); err != nil {
		bad("inclusion of row %d in the checkpoint of %d rows: %v", i, latest.size, err)
	} else {
		fmt.Printf("ok   row %d is included in the checkpoint of %d rows\n", i, latest.size)
	}

	if previous != nil {
		var cons struct {
			Proof []string `json:"proof"`
		}
		if err := json.Unmarshal(get(*base, fmt.Sprintf("/api/ledger/proof/consistency?from=%d&to=%d", previous.size, latest.size)), &cons); err != nil {
			fail("consistency proof: %v", err)
		}
		if err := tlog.CheckTree(hashes(cons.Proof), latest.size, latest.root, previous.size, previous.root); err != nil {
			bad("consistency from the checkpoint of %d rows to the one of %d rows: %v", previous.size, latest.size, err)
		} else {
			fmt.Printf("ok   the checkpoint of %d rows extends the one of %d rows\n", latest.size, previous.size)
		}
	}

	exported(get(*base, "/api/ledger/export.csv"), latest, previous)
	if failed {
		os.Exit(1)
	}
}
