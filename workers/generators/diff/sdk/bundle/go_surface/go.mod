module gosurface

go 1.23
