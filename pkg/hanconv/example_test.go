package hanconv_test

import (
	"fmt"

	"github.com/qipu/qipu/pkg/hanconv"
)

func Example() {
	fmt.Println(hanconv.ToSimplified("許銀川 先勝 呂欽，後來下著變二"))
	fmt.Println(hanconv.ToTraditional("胡荣华 后胜 柳大华，里面说干净利落"))
	// Output:
	// 许银川 先胜 吕钦，后来下着变二
	// 胡榮華 後勝 柳大華，裡面說乾淨利落
}
