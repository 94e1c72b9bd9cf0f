package driver

import (
	"os"
	"slices"
)

// writeDeps writes u's dependency file (-MD and friends) by preprocessing
// the user's source with the user's flags: the compile of the instrumented
// unit would name the temporary file and none of the user's headers. When
// gcc would choose the file and target from the output name, they are
// given explicitly, since here the output is /dev/null.
func (j *job) writeDeps(u *unit) error {
	cmd := slices.Concat(j.cc, j.cl.words(kindFlag, kindPreinclude, kindDep))
	if j.cl.depDefaults {
		file, target := j.cl.depNames(u.src)
		if !j.cl.depFile {
			cmd = append(cmd, "-MF", file)
		}
		if !j.cl.depTarget {
			cmd = append(cmd, "-MQ", target)
		}
	}
	// -w: the compile already showed this file's warnings (#warning too).
	return j.runCmd(slices.Concat(cmd, []string{"-w"}, langFlags(u.lang), []string{"-E", u.src, "-o", os.DevNull}))
}
