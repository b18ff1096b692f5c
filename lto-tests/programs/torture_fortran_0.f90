! Torture: a Fortran unit linked with a C unit by gfortran.  Character
! constants, a named constant (its use is where the warning goes), a
! string passed to a C function.  Run in the torture matrix.
program torture_fortran
  implicit none
  character(len=*), parameter :: greeting = 'The greeting we recieve'
  interface
    subroutine show_text (s) bind (c, name='show_text')
      use iso_c_binding, only: c_char
      character(kind=c_char), dimension(*) :: s
    end subroutine show_text
  end interface
  print *, greeting ! { ltospell-warning "recieve" }
  print *, 'Wait untill the end' ! { ltospell-warning "untill" }
  call show_text ('A seperate line' // char (0)) ! { ltospell-warning "seperate" }
end program torture_fortran
