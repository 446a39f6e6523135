package pipeline

import (
	"fmt"

	"github.com/qipu/qipu/pkg/walk"
)

// Shard selects one part of the inputs (see walk.Shard): shard Index of Count.
type Shard = walk.Shard

// ParseShard reads "K/N": shard K (from 0) of N. Its error wraps ErrUnknownName.
func ParseShard(s string) (Shard, error) {
	sh, err := walk.ParseShard(s)
	if err != nil {
		return Shard{}, fmt.Errorf("%w: shard %q (want K/N with 0 <= K < N)", ErrUnknownName, s)
	}
	return sh, nil
}
