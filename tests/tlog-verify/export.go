// The CSV export checked on its own: the tree rebuilt from its rows, against the signed checkpoints.

package main

import (
	"encoding/csv"
	"encoding/hex"
	"fmt"
	"sort"
	"strconv"
	"strings"

	"golang.org/x/mod/sumdb/tlog"
)

// unguarded undoes the export's spreadsheet formula guard: a ' before a leading = + - @ TAB or CR.
func unguarded(cell string) string {
	if len(cell) > 1 && cell[0] == '\'' && strings.ContainsRune("=+-@\t\r", rune(cell[1])) {
		return cell[1:]
	}
	return cell
}

// exported rebuilds the tree from the CSV export's rows alone and checks it against the signed checkpoints: the
// latest one's root, and a consistency proof (tlog's own, over the rebuilt tree) from the previous one.
func exported(body []byte, latest checkpoint, previous *checkpoint) {
	records, err := csv.NewReader(strings.NewReader(string(body))).ReadAll()
	if err != nil || len(records) < 1 {
		fail("CSV export: %v", err)
	}
	col := map[string]int{}
	for i, name := range records[0] {
		col[name] = i
	}
	rows := records[1:]
	sort.Slice(rows, func(a, b int) bool {
		x, _ := strconv.ParseInt(rows[a][col["log_index"]], 10, 64)
		y, _ := strconv.ParseInt(rows[b][col["log_index"]], 10, 64)
		return x < y
	})
	var stored []tlog.Hash
	reader := tlog.HashReaderFunc(func(indexes []int64) ([]tlog.Hash, error) {
		out := make([]tlog.Hash, len(indexes))
		for i, x := range indexes {
			out[i] = stored[x]
		}
		return out, nil
	})
	firstBad := int64(-1)
	for n, r := range rows {
		if r[col["log_index"]] != strconv.Itoa(n) {
			fail("the export lacks log index %d", n)
		}
		h := leaf(unguarded(r[col["Investor ID"]]), r[col["Purchase Date"]], r[col["Investment Amount (USD)"]], r[col["Tokens to be Distributed"]], r[col["kind"]], r[col["reverses_log_index"]])
		if firstBad < 0 && hex.EncodeToString(h[:]) != r[col["leaf_hash"]] {
			firstBad = int64(n)
		}
		more, err := tlog.StoredHashesForRecordHash(int64(n), h, reader)
		if err != nil {
			fail("rebuilding the tree: %v", err)
		}
		stored = append(stored, more...)
	}
	if int64(len(rows)) < latest.size {
		fail("the export has %d rows, the checkpoint %d", len(rows), latest.size)
	}
	if firstBad >= 0 {
		bad("row %d of the export no longer hashes to the leaf it was logged with", firstBad)
	}
	if previous != nil {
		proof, err := tlog.ProveTree(latest.size, previous.size, reader)
		if err != nil {
			fail("proving the rebuilt tree: %v", err)
		}
		if err := tlog.CheckTree(proof, latest.size, latest.root, previous.size, previous.root); err != nil {
			bad("consistency from the checkpoint of %d rows to the ledger as exported: %v", previous.size, err)
		} else {
			fmt.Printf("ok   the ledger as exported extends the checkpoint of %d rows\n", previous.size)
		}
	}
	root, err := tlog.TreeHash(latest.size, reader)
	if err != nil {
		fail("rebuilt root: %v", err)
	}
	if root != latest.root {
		bad("the ledger as exported does not hash to the checkpoint of %d rows", latest.size)
	} else {
		fmt.Printf("ok   the %d exported rows rebuild the signed root\n", latest.size)
	}
}
